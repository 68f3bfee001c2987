// How a requested list of teams (or schools) replaces the current one when
// the editor may hand out only some of them: he adds only what he may
// assign, removes only what he may assign, and whatever else the manager
// holds (assigned by the superuser, or by another main manager) stays. A main
// manager's form lists only his own teams, so sending it must not silently
// drop the others.
export type Merge = { final: number[]; refused: number[] };

export function mergeAssignments(
  current: readonly number[],
  requested: readonly number[],
  mayAssign: (id: number) => boolean,
): Merge {
  const want = new Set(requested);
  const refused = [...want].filter((id) => !current.includes(id) && !mayAssign(id));
  const kept = current.filter((id) => !want.has(id) && !mayAssign(id));
  const final = [...new Set([...want, ...kept])].sort((a, b) => a - b);
  return { final, refused: refused.sort((a, b) => a - b) };
}
