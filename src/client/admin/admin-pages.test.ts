import { describe, expect, it } from 'vitest';
import { ADMIN_AREAS } from '../../shared/admin/admin-areas.ts';
import { ADMIN_PAGE_LOADERS } from './admin-pages.ts';

describe('the back-office page table', () => {
  it('has one page for every area and no page without an area', () => {
    expect(Object.keys(ADMIN_PAGE_LOADERS).sort()).toEqual(ADMIN_AREAS.map((a) => a.path).sort());
  });
});
