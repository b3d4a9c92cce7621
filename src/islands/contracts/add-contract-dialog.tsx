import { useEffect, useId, useState, type ReactNode } from 'react';
import { Dialog } from '../../components/ui/dialog';
import { Button } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';
import { CHAINS_BY_MODE } from '../../shared/chains';
import type { Mode } from '../../shared/routes';
import { ApiRequestError } from '../../lib/api-client';
import { apiWrite } from '../../lib/api-write';
import { cn } from '../../lib/cn';
import { parseAbiText } from '../../shared/abi';
import type { ViemBits } from './viem-bits';
import type { Contract } from './types';

const STANDARDS = [
  { id: 'erc20', label: 'ERC-20 token' },
  { id: 'erc721', label: 'ERC-721 NFT' },
  { id: 'erc1155', label: 'ERC-1155 multi-token' },
] as const;

type Errors = Partial<Record<'name' | 'chainId' | 'address' | 'abi' | 'form', string>>;

/** A labelled select or textarea with its error, like `Field`. */
function Labelled({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string;
  hint?: ReactNode;
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

/**
 * "Add contract": name, chain, address (checksummed with viem; a wrong checksum is refused at the field) and the ABI
 * pasted as JSON or picked from a standard. viem loads when the dialog opens. The API checks everything again; its
 * field errors show at the fields.
 */
export function AddContractDialog({ apiPath, mode, trigger }: { apiPath: string; mode: Mode; trigger: ReactNode }) {
  const chains = CHAINS_BY_MODE[mode];
  const [open, setOpen] = useState(false);
  const [viem, setViem] = useState<ViemBits | null>(null);
  const [name, setName] = useState('');
  const [chainId, setChainId] = useState(String(chains[0]!.id));
  const [address, setAddress] = useState('');
  const [standard, setStandard] = useState('');
  const [abiText, setAbiText] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open && !viem) void import('./viem-bits').then(setViem);
  }, [open, viem]);

  function reset() {
    setName('');
    setAddress('');
    setStandard('');
    setAbiText('');
    setErrors({});
  }

  function pickStandard(id: string) {
    setStandard(id);
    setErrors((e) => ({ ...e, abi: undefined }));
    if (!viem || !id) return;
    const abi = id === 'erc20' ? viem.erc20Abi : id === 'erc721' ? viem.erc721Abi : viem.erc1155Abi;
    setAbiText(JSON.stringify(abi, null, 2));
  }

  async function submit() {
    const next: Errors = {};
    if (!name.trim()) next.name = 'Give the contract a name.';
    const addr = address.trim();
    let checksummed = addr;
    if (!/^0x[0-9a-fA-F]{40}$/.test(addr)) next.address = 'Expected a 0x-prefixed address of 40 hex digits.';
    else if (viem && !viem.checksumOk(addr))
      next.address = 'The address checksum (its mix of upper and lower case) does not match: check it for a typo.';
    else if (viem) checksummed = viem.getAddress(addr);
    const parsed = parseAbiText(abiText);
    if ('error' in parsed) next.abi = parsed.error;
    setErrors(next);
    if (Object.keys(next).length || 'error' in parsed) return;
    setBusy(true);
    try {
      await apiWrite<Contract>(`${apiPath}/contracts`, {
        method: 'POST',
        body: { name: name.trim(), chainId: Number(chainId), address: checksummed, abi: parsed.abi },
        pending: 'Adding contract…',
        done: `Contract “${name.trim()}” added`,
        invalidate: [`${apiPath}/contracts`],
      });
      reset();
      setOpen(false);
    } catch (e) {
      if (!(e instanceof ApiRequestError)) return;
      const f = e.fieldErrors;
      const abiError = Object.entries(f).find(([k]) => k === 'abi' || k.startsWith('abi.'));
      const known: Errors = {
        name: f.name,
        chainId: f.chainId,
        address: f.address,
        abi: abiError
          ? `${abiError[0] === 'abi' ? '' : `Entry ${abiError[0].split('.')[1]}: `}${abiError[1]}`
          : undefined,
      };
      const any = Object.values(known).some(Boolean);
      setErrors({ ...known, form: any ? undefined : e.message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) setErrors({});
      }}
      trigger={trigger}
      title="Add a contract"
      description="Its ABI lets you browse its functions, encode calldata and sponsor its functions in gas policies."
    >
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field
          label="Name"
          name="name"
          value={name}
          maxLength={100}
          autoFocus
          error={errors.name}
          placeholder="Game token"
          onChange={(e) => (setName(e.target.value), setErrors((x) => ({ ...x, name: undefined })))}
        />
        <Labelled label="Chain" error={errors.chainId}>
          {(p) => (
            <select {...p} className={inputClass} value={chainId} onChange={(e) => setChainId(e.target.value)}>
              {chains.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} ({c.id})
                </option>
              ))}
            </select>
          )}
        </Labelled>
        <Field
          label="Address"
          name="address"
          value={address}
          spellCheck={false}
          autoComplete="off"
          className="font-mono"
          error={errors.address}
          placeholder="0x…"
          onChange={(e) => (setAddress(e.target.value), setErrors((x) => ({ ...x, address: undefined })))}
        />
        <Labelled label="Standard ABI">
          {(p) => (
            <select
              {...p}
              className={inputClass}
              value={standard}
              disabled={!viem}
              onChange={(e) => pickStandard(e.target.value)}
            >
              <option value="">None: paste the ABI below</option>
              {STANDARDS.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label}
                </option>
              ))}
            </select>
          )}
        </Labelled>
        <Labelled
          label="ABI (JSON)"
          error={errors.abi}
          hint="A JSON array, or a Hardhat or Foundry artifact with an abi."
        >
          {(p) => (
            <textarea
              {...p}
              name="abi"
              value={abiText}
              spellCheck={false}
              rows={8}
              placeholder='[{"type":"function","name":"transfer",…}]'
              className={cn(inputClass, 'h-auto py-2 font-mono text-xs')}
              onChange={(e) => (
                setAbiText(e.target.value),
                setStandard(''),
                setErrors((x) => ({ ...x, abi: undefined }))
              )}
            />
          )}
        </Labelled>
        {errors.form && (
          <p role="alert" className="text-sm text-destructive">
            {errors.form}
          </p>
        )}
        <div className="flex justify-end">
          <Button type="submit" disabled={busy || !viem} aria-busy={busy || undefined}>
            Add contract
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
