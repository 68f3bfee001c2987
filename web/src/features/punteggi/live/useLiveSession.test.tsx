// The hook starts its controller in a task after the commit's effects, not
// inside them (a page's hydration effects were one long task with it).
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveController } from './LiveController';
import { useLiveSession, type LiveInput } from './useLiveSession';

const input: LiveInput = {
  sessioneId: 1,
  inizio: '2026-04-15T09:00:00Z',
  fine: '2026-04-15T11:00:00Z',
  params: {},
  offset: 0,
};
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => vi.restoreAllMocks());

describe('useLiveSession', () => {
  it('starts the controller in a later task than the mount, and stops it on unmount', async () => {
    const start = vi.spyOn(LiveController.prototype, 'start').mockImplementation(() => {});
    const stop = vi.spyOn(LiveController.prototype, 'stop').mockImplementation(() => {});
    const { unmount } = renderHook(() => useLiveSession(input));
    expect(start).not.toHaveBeenCalled();
    await act(nextTask);
    expect(start).toHaveBeenCalledTimes(1);
    unmount();
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('never starts a controller unmounted before its task', async () => {
    const start = vi.spyOn(LiveController.prototype, 'start').mockImplementation(() => {});
    vi.spyOn(LiveController.prototype, 'stop').mockImplementation(() => {});
    const { unmount } = renderHook(() => useLiveSession(input));
    unmount();
    await act(nextTask);
    expect(start).not.toHaveBeenCalled();
  });
});
