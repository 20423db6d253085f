import { fromCallback, type EventObject } from 'xstate';

/**
 * What tells the display language: the app actor (its `language`), or any actor with the same
 * context field. A page's machine is handed it as input and follows it itself, so no view has to
 * watch the language to send "read again".
 */
export interface LanguageSource {
  getSnapshot(): { context: { language: { lang: string } } };
  subscribe(observer: (snapshot: { context: { language: { lang: string } } }) => void): { unsubscribe(): void };
}

export interface LanguageChangesInput<E extends EventObject> {
  /** None (a model test, a page without the shell): nothing follows. */
  source: LanguageSource | undefined;
  /** What the machine hears when the language changes (not for the language it started in). */
  changed: E;
}

/**
 * Invoked by a machine whose server answers in the display language (help, the ICO board): while
 * invoked it hears `changed` at each change of language, and stops listening when it leaves.
 */
export const languageChanges = fromCallback<EventObject, LanguageChangesInput<EventObject>>(({ input, sendBack }) => {
  const { source, changed } = input;
  if (!source) return undefined;
  let shown = source.getSnapshot().context.language.lang;
  const subscription = source.subscribe((snapshot) => {
    const { lang } = snapshot.context.language;
    if (lang === shown) return;
    shown = lang;
    sendBack(changed);
  });
  return () => subscription.unsubscribe();
});

/** What a page's machine that follows the display language is handed (and keeps as `languages`). */
export interface LanguageInput {
  /** The display language its server answers in (the app actor); a change reads again. */
  languages?: LanguageSource;
}

/** The machine's invoke of `languageChanges` on the source it keeps as `languages`: it hears `changed` at each change. */
export function followLanguage<E extends EventObject>(changed: E) {
  return { id: 'languageChanges', src: 'languageChanges', input: ({ context }: { context: { languages: LanguageSource | undefined } }) => ({ source: context.languages, changed }) } as const;
}
