import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  aggiungiSeguita,
  chiaveSeguite,
  leggiSeguite,
  seguiSquadra,
  smettiDiSeguire,
  togliSeguita,
  useSquadreSeguite,
} from './squadreSeguite';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('followed teams', () => {
  it('adds up to three teams and refuses a fourth', () => {
    let list: readonly number[] = [];
    for (const id of [5, 6, 7]) {
      const r = aggiungiSeguita(list, id);
      expect(r.esito).toBe('seguita');
      list = r.seguite;
    }
    expect(list).toEqual([5, 6, 7]);
    expect(aggiungiSeguita(list, 8)).toEqual({ seguite: list, esito: 'troppe' });
    expect(aggiungiSeguita(list, 6)).toEqual({ seguite: list, esito: 'gia-seguita' });
    expect(togliSeguita(list, 6)).toEqual([5, 7]);
  });

  it('reads only valid stored ids, without repeats, at most three', () => {
    expect(leggiSeguite('[3,3,"x",-1,4,5,6]')).toEqual([3, 4, 5]);
    expect(leggiSeguite('nope')).toEqual([]);
    expect(leggiSeguite(null)).toEqual([]);
  });

  it('keeps them per session on the device, and the hook follows the changes', () => {
    const { result } = renderHook(() => useSquadreSeguite(10));
    expect(result.current).toEqual([]);
    act(() => {
      expect(seguiSquadra(10, 1)).toBe('seguita');
      seguiSquadra(10, 2);
      seguiSquadra(10, 3);
    });
    expect(result.current).toEqual([1, 2, 3]);
    let esito = '';
    act(() => {
      esito = seguiSquadra(10, 4);
    });
    expect(esito).toBe('troppe');
    expect(result.current).toEqual([1, 2, 3]);
    expect(localStorage.getItem(chiaveSeguite(10))).toBe('[1,2,3]');
    // Another session has its own.
    expect(renderHook(() => useSquadreSeguite(11)).result.current).toEqual([]);
    act(() => smettiDiSeguire(10, 2));
    expect(result.current).toEqual([1, 3]);
    // Same reference while nothing changes (no needless re-renders).
    const before = result.current;
    expect(renderHook(() => useSquadreSeguite(10)).result.current).toBe(before);
  });
});
