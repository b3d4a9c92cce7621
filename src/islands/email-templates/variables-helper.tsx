import { Braces } from 'lucide-react';
import {
  EMAIL_TEMPLATES,
  EMAIL_VARIABLES,
  variableToken,
  type EmailTemplateKind,
  type EmailVariable,
} from '../../shared/email-templates';

/** The variables a template may use, each a button that inserts it at the cursor; the required ones are marked. */
export function VariablesHelper({
  kind,
  editable,
  onInsert,
}: {
  kind: EmailTemplateKind;
  editable: boolean;
  onInsert: (name: EmailVariable) => void;
}) {
  const spec = EMAIL_TEMPLATES[kind];
  const needs =
    spec.needsOneOf.length === 1
      ? `The body needs ${variableToken(spec.needsOneOf[0]!)}.`
      : `The body needs ${spec.needsOneOf.map(variableToken).join(' or ')}.`;
  return (
    <div className="grid gap-2" role="group" aria-labelledby={`vars-${kind}`}>
      <p id={`vars-${kind}`} className="text-sm font-medium">
        Variables
      </p>
      <p className="text-xs text-muted-foreground">
        {editable ? 'Insert one where the cursor is, in the subject or the body. ' : ''}
        {needs}
      </p>
      <ul className="grid gap-1.5">
        {spec.variables.map((name) => (
          <li key={name} className="flex flex-wrap items-center gap-2 text-sm">
            {editable ? (
              <button
                type="button"
                aria-label={`Insert ${variableToken(name)}`}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => onInsert(name)}
                className="inline-flex h-7 items-center gap-1 rounded-md border border-border bg-background px-2 font-mono text-xs hover:bg-muted focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none"
              >
                <Braces aria-hidden className="size-3.5" />
                {name}
              </button>
            ) : (
              <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{variableToken(name)}</code>
            )}
            <span className="text-xs text-muted-foreground">{EMAIL_VARIABLES[name]}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
