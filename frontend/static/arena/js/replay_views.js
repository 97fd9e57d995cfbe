// A replay's views rebuilt from what the server embedded (frontend/replays.py): the
// starting view, then per token only what changed. Shared by the replay page and the
// side-by-side replays of a match's round.

// A packed tableau entry is [card, face_up, free] (null: removed).
const unpack = (entry) => (entry === null ? null : { card: entry[0], face_up: !!entry[1], free: !!entry[2] });

/** The view after each token: [{ token: null, view: start }, { token, view }, ...]. */
export function rebuild(start, changes) {
  let view = { ...start, tableau: start.tableau.map(unpack) };
  const views = [{ token: null, view }];
  for (const [token, diff] of changes) {
    const { t = [], ...fields } = diff;
    const tableau = view.tableau.slice();
    for (const [index, entry] of t) tableau[index] = unpack(entry);
    view = { ...view, ...fields, tableau };
    views.push({ token, view });
  }
  return views;
}
