import { z } from 'zod';
import { LANGUAGES } from './languages.ts';

/**
 * One of the interface languages. Its own module, apart from `languages.ts`: the console's
 * entry uses the language list, and a module's code lands in one chunk, so a schema beside the
 * list would bring zod into the login page for the forms of later screens.
 */
export const LanguageSchema = z.enum(LANGUAGES);
