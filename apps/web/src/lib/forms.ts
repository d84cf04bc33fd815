import { zodResolver } from '@hookform/resolvers/zod';
import {
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api-client.ts';

/**
 * The one way a form is built here: react-hook-form with a zod schema whose messages are the
 * pt-BR errors shown under the inputs. Forms are `noValidate` (the browser's own bubbles would
 * be in the browser's language); the first invalid input gets the focus.
 */
export function useZodForm<Values extends FieldValues>(
  schema: z.ZodType<Values, Values>,
  defaultValues: DefaultValues<Values>,
) {
  return useForm<Values>({ resolver: zodResolver(schema), defaultValues, shouldFocusError: true });
}

/** `body.document` → `document`: the API names a field by where it was in the request. */
const formNameOf = (path: string) => path.replace(/^(body|query)\./, '');

/**
 * Puts the API's field-named 400 (`fields[]`) under the inputs it names, and focuses the first.
 * `nameOf` maps an API field to a form field when their names differ (else the same name is
 * used if the form has it). Returns whether any was shown: then the inputs say what is wrong and
 * no toast should repeat it (one error per failure).
 */
export function showServerFieldErrors<Values extends FieldValues>(
  form: UseFormReturn<Values>,
  error: unknown,
  nameOf: (apiField: string) => FieldPath<Values> | undefined = (field) =>
    formNameOf(field) in form.getValues() ? (formNameOf(field) as FieldPath<Values>) : undefined,
): boolean {
  if (!(error instanceof ApiError)) return false;
  let shown = 0;
  for (const { field, message } of error.error?.fields ?? []) {
    const name = nameOf(field);
    if (!name || form.getFieldState(name).error) continue;
    form.setError(name, { type: 'server', message }, { shouldFocus: shown === 0 });
    shown += 1;
  }
  return shown > 0;
}

/** `{...fieldProps(form, 'name')}` on a TextField: registered, with its error message. */
export function fieldProps<Values extends FieldValues>(form: UseFormReturn<Values>, name: FieldPath<Values>) {
  return { ...form.register(name), error: form.getFieldState(name, form.formState).error?.message };
}
