import { TextInput } from 'react-admin';

/** A JSON object typed as text: invalid JSON or a non-object is refused in the form, before any request. */
const mustBeObject = (value: unknown) =>
  typeof value === 'string' ? 'Not valid JSON' : value !== null && (typeof value !== 'object' || Array.isArray(value)) ? 'Must be a JSON object' : undefined;

export const JsonInput = ({ source, label, helperText }: { source: string; label: string; helperText?: string }) => (
  <TextInput
    source={source}
    label={label}
    multiline
    minRows={4}
    fullWidth
    helperText={helperText}
    format={(value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value ?? {}, null, 2))}
    parse={(text: string) => {
      try {
        return JSON.parse(text);
      } catch {
        return text;
      }
    }}
    validate={mustBeObject}
  />
);
