// @gas/scoring: the pure scoring engine of shared/scoring.md. No I/O, no
// dependencies; the same code runs in the server and in the browser.
export type * from './types';
export { DEFAULT_PARAMS, NEW_WINDOW_MS, CAPITAL_FOR_ALL_BEFORE, resolveParams } from './params';
export { parseInstant } from './time';
export { computeLeaderboard, type ComputeOptions } from './compute';
export { LiveScoring, LiveScoringLoader, type ApplyResult } from './live';
export type { RankRow } from './leaderboard';
export type { ScoreSnapshot, ProblemCell } from './snapshot';
export {
  scoreHistory,
  scoreChangePoints,
  withHistory,
  type HistoryOptions,
  type ScoreHistory,
  type ChangePoints,
} from './history';
export {
  problemValueHistory,
  problemValuesFromEvents,
  liveProblemValues,
  valueAt,
  type ProblemValues,
  type ProblemValueSeries,
  type ProblemValueOptions,
  type ValuePoint,
  type ValueCause,
  type ValueCauseKind,
  type TeamMoment,
} from './problem-values';
export {
  byTotal,
  byJokerPoints,
  byAgeOrder,
  byName,
  byId,
  chain,
  compareRanking,
  positionChain,
  rankingChain,
  samePosition,
  assignPositions,
  rankRows,
  nameCollator,
  type Comparator,
  type RankKey,
} from './ranking';
export {
  parseAnswerValue,
  parsedToNumber,
  isAnswerCorrect,
  DEFAULT_TOLERANCE,
  type ParsedNumber,
  type AnswerCheck,
} from './answer';
export {
  fullView,
  simplifiedView,
  venueView,
  minimalView,
  pickRanks,
  SIMPLIFIED_RANKS,
  SIMPLIFIED_MIN_TEAMS,
  VENUE_RANKS,
  type Movement,
  type MinimalRow,
  type SimplifiedOptions,
  type VenueOptions,
} from './views';
export { validateInput, type Validation } from './validate';
export { eventProblems, isScoringEvent } from './validate-event';
