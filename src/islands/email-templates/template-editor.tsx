import { useRef } from 'react';
import { RotateCcw } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { inputClass } from '../../components/ui/field';
import { cn } from '../../lib/cn';
import {
  EMAIL_TEMPLATE_DEFAULTS,
  EMAIL_TEMPLATES,
  variableToken,
  type EmailTemplate,
  type EmailTemplateKind,
  type EmailVariable,
} from '../../shared/email-templates';
import { FieldError, type FieldErrors } from '../security/settings-form';
import { PreviewFrame } from './preview-frame';
import { panelId, tabId } from './template-tabs';
import { VariablesHelper } from './variables-helper';

type Part = keyof EmailTemplate;

/** One template: subject, HTML body, the variables helper, reset to default, and the preview beside them. */
export function TemplateEditor({
  kind,
  template,
  errors,
  editable,
  sample,
  onChange,
}: {
  kind: EmailTemplateKind;
  template: EmailTemplate;
  errors: FieldErrors;
  editable: boolean;
  sample: Record<string, string>;
  onChange: (t: EmailTemplate) => void;
}) {
  const spec = EMAIL_TEMPLATES[kind];
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  /** The field a variable goes into: the one last focused, the body at first. */
  const target = useRef<Part>('body');
  const isDefault =
    template.subject === EMAIL_TEMPLATE_DEFAULTS[kind].subject && template.body === EMAIL_TEMPLATE_DEFAULTS[kind].body;

  function insert(name: EmailVariable) {
    const part = target.current;
    const el = part === 'subject' ? subjectRef.current : bodyRef.current;
    const text = template[part];
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const token = variableToken(name);
    onChange({ ...template, [part]: text.slice(0, start) + token + text.slice(end) });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  }

  const err = (part: Part) => errors[`${kind}.${part}`];
  const describe = (part: Part, hint?: string) =>
    [hint, err(part) ? `${kind}-${part}-error` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <div id={panelId(kind)} role="tabpanel" aria-labelledby={tabId(kind)} className="grid gap-5 lg:grid-cols-2">
      <div className="grid min-w-0 content-start gap-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <p className="text-sm text-muted-foreground">{spec.description}</p>
          {editable && (
            <Button
              variant="outline"
              size="sm"
              disabled={isDefault}
              onClick={() => {
                onChange({ ...EMAIL_TEMPLATE_DEFAULTS[kind] });
                bodyRef.current?.focus();
              }}
            >
              <RotateCcw aria-hidden className="size-4" />
              Reset to default
            </Button>
          )}
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${kind}-subject`} className="text-sm font-medium">
            Subject
          </label>
          <input
            ref={subjectRef}
            id={`${kind}-subject`}
            className={inputClass}
            value={template.subject}
            readOnly={!editable}
            aria-invalid={err('subject') ? true : undefined}
            aria-describedby={describe('subject')}
            onFocus={() => (target.current = 'subject')}
            onChange={(e) => onChange({ ...template, subject: e.target.value })}
          />
          <FieldError id={`${kind}-subject-error`} message={err('subject')} />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${kind}-body`} className="text-sm font-medium">
            Body (HTML)
          </label>
          <textarea
            ref={bodyRef}
            id={`${kind}-body`}
            rows={12}
            spellCheck={false}
            className={cn(inputClass, 'h-auto min-h-48 py-2 font-mono text-xs leading-5')}
            value={template.body}
            readOnly={!editable}
            aria-invalid={err('body') ? true : undefined}
            aria-describedby={describe('body')}
            onFocus={() => (target.current = 'body')}
            onChange={(e) => onChange({ ...template, body: e.target.value })}
          />
          <FieldError id={`${kind}-body-error`} message={err('body')} />
        </div>
        <VariablesHelper kind={kind} editable={editable} onInsert={insert} />
      </div>
      <PreviewFrame label={spec.label} subject={template.subject} body={template.body} values={sample} />
    </div>
  );
}
