// The missing-answer re-check of spec §4: every 5 minutes while the session
// runs, look for answer ids the page never received. Ids are global (all
// sessions share one sequence), so a hole between two known ids is either an
// answer of another session or one this page missed; the server tells which.
// When the ids are consecutive there is no hole and nothing to ask.

export const RECHECK_INTERVAL_MS = 300_000;
/** More missing answers than this at one check is worth a console warning (spec §8). */
export const MISSING_WARN_THRESHOLD = 5;
/** Ids in one pk__in filter (LIMITI_GARA.pkIn of the server). */
export const PK_IN_MAX = 1000;

/** True when the sorted ids have no hole (an empty or one-element list counts as consecutive). */
export function areConsecutive(sortedIds: readonly number[]): boolean {
  for (let i = 1; i < sortedIds.length; i++) {
    if (sortedIds[i]! !== sortedIds[i - 1]! + 1) return false;
  }
  return true;
}

/**
 * The ids between the smallest and the largest known one (and above
 * `checkedThrough`, up to which everything is accounted for) that are neither
 * known nor already checked, up to `limit` + 1 (so the caller can tell "more
 * than the limit").
 */
export function holes(
  known: ReadonlySet<number>,
  checked: ReadonlySet<number>,
  checkedThrough = 0,
  limit = PK_IN_MAX,
): number[] {
  if (known.size < 2) return [];
  let min = Infinity;
  let max = -Infinity;
  for (const id of known) {
    if (id < min) min = id;
    if (id > max) max = id;
  }
  const out: number[] = [];
  for (let id = Math.max(min, checkedThrough) + 1; id < max; id++) {
    if (!known.has(id) && !checked.has(id)) {
      out.push(id);
      if (out.length > limit) break;
    }
  }
  return out;
}

/** Splits ids into pk__in-sized chunks. */
export function chunks<T>(items: readonly T[], size = PK_IN_MAX): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
