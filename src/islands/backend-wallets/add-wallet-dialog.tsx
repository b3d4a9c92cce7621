import { KeyRound, RotateCcw, ShieldCheck } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { CopyButton } from '../../components/ui/copy-button';
import { Dialog } from '../../components/ui/dialog';
import { Field, inputClass } from '../../components/ui/field';
import { apiRequest, ApiRequestError } from '../../lib/api-client';
import { apiWrite } from '../../lib/api-write';
import { cn } from '../../lib/cn';
import { CHAINS_BY_MODE } from '../../shared/chains';
import type { Mode } from '../../shared/routes';
import { checkAddress } from './address';
import type { BackendWallet, Challenge } from './types';
import { INVALID_BODY_MESSAGE } from '../../shared/api/error-messages';

type Custody = BackendWallet['custody'];
type FieldName = 'name' | 'chainId' | 'address' | 'signature' | 'message' | 'form';
type Errors = Partial<Record<FieldName, string>>;

const SIGNATURE = /^0x[0-9a-fA-F]{130}$/;
const clock = new Intl.DateTimeFormat('en', { timeStyle: 'short' });

/**
 * The API's refusal by field. When it names one field, its own message (which says what to do, e.g. "sign exactly the
 * challenge message with 0x…") shows there rather than the short validation label; `nonce` is about the message.
 */
function errorsOf(e: ApiRequestError, custody: Custody): Errors {
  // An address that is a backend wallet here already: the API's conflict is about the address.
  if (e.status === 409 && custody === 'added') return { address: e.message };
  const fields = Object.entries(e.fieldErrors).map(([k, v]) => [k === 'nonce' ? 'message' : k, v] as const);
  const known = fields.filter(([k]) => ['name', 'chainId', 'address', 'signature', 'message'].includes(k));
  if (!known.length) return { form: e.message };
  if (known.length === 1 && fields.length === 1 && e.message !== INVALID_BODY_MESSAGE)
    return { [known[0]![0]]: e.message };
  return Object.fromEntries(known);
}

/** A labelled control (select, textarea) with its hint and error announced with it, like `Field`. */
function Labelled({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: ReactNode;
  error?: string;
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

const KINDS: { value: Custody; title: string; text: string; icon: typeof KeyRound }[] = [
  {
    value: 'custodial',
    title: 'Create a custodial wallet',
    text: 'We generate the key pair and keep the private key encrypted. It never leaves our servers.',
    icon: ShieldCheck,
  },
  {
    value: 'added',
    title: 'Add a wallet you own',
    text: 'Prove you hold its key by signing a message. We never see the key.',
    icon: KeyRound,
  },
];

/**
 * "Add a backend wallet": a custodial one (the API makes the key pair), or one of yours: its address gets a one-time
 * message from the API, you sign it with the wallet's key (EIP-191) and paste the signature, which the API verifies.
 * The API's refusals show at their fields and add nothing.
 */
export function AddWalletDialog({
  apiPath,
  mode,
  open,
  onOpenChange,
}: {
  apiPath: string;
  mode: Mode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const collection = `${apiPath}/backend-wallets`;
  const [custody, setCustody] = useState<Custody>('custodial');
  const [name, setName] = useState('');
  const [chainId, setChainId] = useState('');
  const [address, setAddress] = useState('');
  const [challenge, setChallenge] = useState<(Challenge & { address: string }) | null>(null);
  const [signature, setSignature] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const kindName = useId();

  const clear = (field: FieldName) => setErrors((e) => ({ ...e, [field]: undefined, form: undefined }));
  const forgetChallenge = () => (setChallenge(null), setSignature(''));

  function reset() {
    setName('');
    setChainId('');
    setAddress('');
    forgetChallenge();
    setErrors({});
  }

  async function requestChallenge(checked: string) {
    try {
      const c = await apiRequest<Challenge>(`${collection}/challenge`, { method: 'POST', body: { address: checked } });
      setChallenge({ ...c, address: checked });
      setAddress(checked);
      setSignature('');
    } catch (e) {
      setErrors(
        e instanceof ApiRequestError
          ? errorsOf(e, 'added')
          : { form: 'Could not reach the server. Check your connection and try again.' },
      );
    }
  }

  async function create(body: Record<string, unknown>, done: string) {
    try {
      await apiWrite<BackendWallet>(collection, {
        method: 'POST',
        body,
        pending: custody === 'custodial' ? 'Creating backend wallet…' : 'Adding backend wallet…',
        done,
        invalidate: [collection],
      });
      reset();
      onOpenChange(false);
    } catch (e) {
      if (e instanceof ApiRequestError) setErrors(errorsOf(e, custody));
    }
  }

  async function submit() {
    const next: Errors = {};
    const trimmed = name.trim();
    if (!trimmed) next.name = 'Give the wallet a name.';
    const chain = chainId ? { chainId: Number(chainId) } : {};
    if (custody === 'custodial') {
      setErrors(next);
      if (next.name) return;
      setBusy(true);
      await create({ custody, name: trimmed, ...chain }, `Backend wallet “${trimmed}” created`);
      setBusy(false);
      return;
    }
    if (!challenge) {
      const checked = checkAddress(address);
      if ('error' in checked) next.address = checked.error;
      setErrors(next);
      if (Object.keys(next).length || 'error' in checked) return;
      setBusy(true);
      await requestChallenge(checked.address);
      setBusy(false);
      return;
    }
    const sig = signature.trim();
    if (!SIGNATURE.test(sig))
      next.signature = 'Expected the signature as 0x and 130 hex digits (65 bytes), as wallets print it.';
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    await create(
      { custody, name: trimmed, ...chain, address: challenge.address, nonce: challenge.nonce, signature: sig },
      `Backend wallet “${trimmed}” added`,
    );
    setBusy(false);
  }

  const submitLabel = custody === 'custodial' ? 'Create wallet' : challenge ? 'Add wallet' : 'Get the message to sign';

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        onOpenChange(o);
        if (!o) setErrors({});
      }}
      title="Add a backend wallet"
      description="A wallet your servers use to fund gas policies and send transactions."
    >
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) void submit();
        }}
      >
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Key</legend>
          {KINDS.map((k) => (
            <label
              key={k.value}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary',
                custody === k.value ? 'border-primary bg-muted/50' : 'border-border hover:bg-muted/40',
              )}
            >
              <input
                type="radio"
                name={kindName}
                value={k.value}
                checked={custody === k.value}
                onChange={() => (setCustody(k.value), forgetChallenge(), setErrors({}))}
                className="mt-1 accent-primary"
              />
              <k.icon className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
              <span className="grid gap-0.5">
                <span className="font-medium">{k.title}</span>
                <span className="text-muted-foreground">{k.text}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <Field
          label="Name"
          name="name"
          value={name}
          maxLength={100}
          autoFocus
          autoComplete="off"
          error={errors.name}
          onChange={(e) => (setName(e.target.value), clear('name'))}
        />
        <Labelled
          label="Chain"
          error={errors.chainId}
          hint="An EVM key works on every chain; pick one to mark the wallet as meant for it."
        >
          {(p) => (
            <select
              {...p}
              className={inputClass}
              value={chainId}
              onChange={(e) => (setChainId(e.target.value), clear('chainId'))}
            >
              <option value="">Every chain</option>
              {CHAINS_BY_MODE[mode].map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} ({c.id})
                </option>
              ))}
            </select>
          )}
        </Labelled>
        {custody === 'added' && (
          <>
            <Field
              label="Address"
              name="address"
              value={address}
              spellCheck={false}
              autoComplete="off"
              className="font-mono"
              error={errors.address}
              hint={challenge ? undefined : 'The API then gives you a one-time message to sign with its key.'}
              onChange={(e) => (setAddress(e.target.value), forgetChallenge(), clear('address'))}
            />
            {challenge && (
              <>
                <Labelled
                  label="Message to sign"
                  error={errors.message}
                  hint={`Sign it exactly as shown with the key of this address (EIP-191 personal_sign: your wallet’s “Sign message”, cast wallet sign or viem’s signMessage), before ${clock.format(new Date(challenge.expiresAt))}. It works once, in this project and mode only.`}
                >
                  {(p) => (
                    <div className="relative">
                      <textarea
                        {...p}
                        readOnly
                        rows={6}
                        value={challenge.message}
                        className={cn(
                          inputClass,
                          'field-sizing-content h-auto resize-none bg-muted/40 py-2 pr-10 font-mono text-xs break-all',
                        )}
                      />
                      <span className="absolute top-1.5 right-1.5">
                        <CopyButton value={challenge.message} label="message" />
                      </span>
                    </div>
                  )}
                </Labelled>
                {errors.message && (
                  <Button
                    variant="outline"
                    size="sm"
                    className="justify-self-start"
                    disabled={busy}
                    onClick={() => {
                      setBusy(true);
                      clear('message');
                      void requestChallenge(challenge.address).finally(() => setBusy(false));
                    }}
                  >
                    <RotateCcw className="h-4 w-4" aria-hidden />
                    Get a new message
                  </Button>
                )}
                <Labelled label="Signature" error={errors.signature}>
                  {(p) => (
                    <textarea
                      {...p}
                      name="signature"
                      rows={3}
                      autoFocus
                      spellCheck={false}
                      autoComplete="off"
                      value={signature}
                      onChange={(e) => (setSignature(e.target.value), clear('signature'))}
                      className={cn(inputClass, 'h-auto resize-none py-2 font-mono text-xs break-all')}
                    />
                  )}
                </Labelled>
              </>
            )}
          </>
        )}
        {errors.form && (
          <p role="alert" className="text-sm text-destructive">
            {errors.form}
          </p>
        )}
        <div className="flex justify-end">
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
