import { describe, expect, it } from 'vitest';
import { ADMIN_AREAS } from '../../../src/shared/admin/admin-areas.ts';
import { addressOf, cleanLocation, locationFromAddress, MAX_LOCATION, resolveRoute, visibleAreas } from './admin-route.rules.ts';

describe('the back-office route rules', () => {
  it('keeps a location under /admin and turns anything else into the dashboard', () => {
    expect(cleanLocation('/kyc/abc?x=1')).toBe('/kyc/abc?x=1');
    for (const hostile of ['', 'kyc', '//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)']) expect(cleanLocation(hostile)).toBe('/');
    expect(cleanLocation(`/${'a'.repeat(10_000)}`)).toHaveLength(MAX_LOCATION);
  });

  it('reads the address bar under /admin only', () => {
    expect(locationFromAddress('/admin', '')).toBe('/');
    expect(locationFromAddress('/admin/', '')).toBe('/');
    expect(locationFromAddress('/admin/audit', '?investor=a%40b.example')).toBe('/audit?investor=a%40b.example');
    expect(locationFromAddress('/administrator', '')).toBe('/');
    expect(locationFromAddress('/process/kyc', '')).toBe('/');
    expect(addressOf('/')).toBe('/admin');
    expect(addressOf('/kyc/1')).toBe('/admin/kyc/1');
  });

  it('opens an area only for the roles that see it, with the rest of the path and the query', () => {
    expect(resolveRoute('/kyc/0c9e/', ['compliance'])).toMatchObject({ area: { path: '/kyc' }, subPath: '/0c9e/', search: '' });
    expect(resolveRoute('/audit?investor=x', ['auditor'])).toMatchObject({ area: { path: '/audit' }, subPath: '', search: 'investor=x' });
    expect(resolveRoute('/staff', ['compliance']).area).toBeNull();
    expect(resolveRoute('/kycx', ['compliance']).area).toBeNull();
    expect(resolveRoute('/', ['finance']).area?.path).toBe('/');
    expect(resolveRoute('/nowhere', ['finance', 'auditor', 'compliance', 'issuer-admin']).area).toBeNull();
  });

  it('offers each role its areas in the navigation order', () => {
    expect(visibleAreas(['finance']).map((a) => a.path)).toEqual(['/', '/payments', '/statecharts']);
    expect(visibleAreas([])).toEqual([]);
    expect(visibleAreas(['issuer-admin', 'auditor', 'compliance', 'finance'])).toEqual(ADMIN_AREAS);
  });
});
