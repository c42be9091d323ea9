// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AdminLink } from './AdminLink.tsx';

describe('a back-office link', () => {
  it('is a real address, and a plain click asks the chart to go there instead of loading the page', () => {
    const go = vi.fn();
    render(<AdminLink to="/kyc/42" go={go}>Case 42</AdminLink>);
    const link = screen.getByRole('link', { name: 'Case 42' });
    expect(link.getAttribute('href')).toBe('/admin/kyc/42');
    const plain = fireEvent.click(link);
    expect(plain).toBe(false); // default prevented: no page load
    expect(go).toHaveBeenCalledWith('/kyc/42');
  });

  it('leaves a click with a modifier (a new tab or window) to the browser', () => {
    const go = vi.fn();
    render(<AdminLink to="/" go={go}>Dashboard</AdminLink>);
    const link = screen.getByRole('link', { name: 'Dashboard' });
    expect(link.getAttribute('href')).toBe('/admin');
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(link, { button: 1 })).toBe(true);
    expect(go).not.toHaveBeenCalled();
  });
});
