import { ALARM_TEXT_LOADERS, MESSAGE_LOADERS, type AlarmTexts, type Language, type Messages } from '@vigil/contracts';

// The contract's messages (validation and server answers) and the alarm wording come from
// packages/contracts, the server's own source. Each language is its own chunk, loaded with
// the interface language (loadUiLocale), so the console carries one language, not seven.

const messages = new Map<Language, Messages>();
const alarmTexts = new Map<Language, AlarmTexts>();

/** Loads the contract messages and alarm wording of a language (once). */
export async function loadContractTexts(language: Language): Promise<void> {
  const [loadedMessages, loadedAlarmTexts] = await Promise.all([
    messages.get(language) ?? MESSAGE_LOADERS[language](),
    alarmTexts.get(language) ?? ALARM_TEXT_LOADERS[language](),
  ]);
  messages.set(language, loadedMessages);
  alarmTexts.set(language, loadedAlarmTexts);
}

/** The loaded table for a language, else any loaded one (a language switch loads before it re-renders). */
function pick<T>(tables: Map<Language, T>, language: Language): T | undefined {
  return tables.get(language) ?? tables.values().next().value;
}

/** The contract messages of a language once loaded. */
export function contractMessages(language: Language): Partial<Messages> {
  return pick(messages, language) ?? {};
}

/** The alarm wording of a language once loaded. */
export function alarmTextsOf(language: Language): Partial<AlarmTexts> {
  return pick(alarmTexts, language) ?? {};
}
