// Status sentences of an event or session (spec §2 scores page, also on the
// event cards): not started, in progress, concluded with its duration.
import { formatDuration } from './durations';
import { formatDateTimeLong, toDate, type DateInput } from './romeTime';
import type { Phase } from './timers';

export function statusText(phase: Phase, inizio: DateInput, fine: DateInput): string {
  const durata = formatDuration(toDate(fine).getTime() - toDate(inizio).getTime());
  switch (phase) {
    case 'prima':
      return `L'evento non è ancora iniziato. Inizierà ${formatDateTimeLong(inizio)} e durerà ${durata}.`;
    case 'durante':
      return `L'evento è in corso e finirà ${formatDateTimeLong(fine)}.`;
    case 'dopo':
      return `L'evento si è concluso ${formatDateTimeLong(fine)} ed è durato ${durata}.`;
  }
}
