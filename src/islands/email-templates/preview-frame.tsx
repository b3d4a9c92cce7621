import { useDeferredValue } from 'react';
import { ShieldCheck } from 'lucide-react';
import { fillVariables, previewDocument } from './preview-document';

/**
 * The email with sample values in a sandboxed frame: `sandbox=""` (no scripts, no same origin, no forms, no popups,
 * no top navigation) and `srcdoc`, so nothing in a template runs on the dashboard's origin or loads from elsewhere.
 */
export function PreviewFrame({
  label,
  subject,
  body,
  values,
}: {
  label: string;
  subject: string;
  body: string;
  values: Record<string, string>;
}) {
  const deferredBody = useDeferredValue(body);
  return (
    <div className="grid min-w-0 content-start gap-2">
      <h3 className="text-sm font-medium">Preview</h3>
      <div className="overflow-hidden rounded-md border border-border">
        <p className="border-b border-border bg-muted/40 px-3 py-2 text-sm">
          <span className="text-muted-foreground">Subject: </span>
          <span data-testid="preview-subject" className="break-words">
            {fillVariables(subject, values, false)}
          </span>
        </p>
        <iframe
          title={`Preview of the ${label.toLowerCase()} email`}
          sandbox=""
          referrerPolicy="no-referrer"
          srcDoc={previewDocument(deferredBody, values)}
          className="block h-80 w-full bg-white"
        />
      </div>
      <p className="flex items-start gap-1.5 text-xs text-muted-foreground">
        <ShieldCheck aria-hidden className="mt-0.5 size-3.5 shrink-0" />
        Sample values stand in for the variables. Scripts do not run here and nothing is loaded from other sites, so
        remote images show only in the real email.
      </p>
    </div>
  );
}
