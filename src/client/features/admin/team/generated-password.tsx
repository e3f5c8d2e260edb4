import { useId, useState } from 'react';
import { CheckCircle2Icon, EyeOffIcon, KeyRoundIcon, LoaderCircleIcon, WandSparklesIcon } from 'lucide-react';
import { CopyableValue } from '@client/components/copyable-value';
import { Button } from '@client/components/ui/button';
import {
  DialogClose,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Progress } from '@client/components/ui/progress';
import { errorMessageOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { useNow } from '@client/lib/use-now';
import { useGeneratePassword } from './api';
import { revealState } from './reveal-countdown';
import { REVEAL_SECONDS, TEAM_TEXTS } from './team-texts';

export type GeneratedPassword = { password: string; token: string };

/**
 * The only way to give a team member a password (spec 2 §5): Generate asks the server for one, with
 * the token that proves it came from there, and hands both to the form. The password itself is not
 * shown here: it shows once, after the save (`PasswordRevealView`), when it is the member's.
 */
export function GeneratePasswordField({
  userId,
  ready,
  onGenerated,
  error,
  optional = false,
}: {
  /** The member whose password is replaced (edit); none on create. */
  userId?: string;
  /** A password has been generated and goes with the save. */
  ready: boolean;
  onGenerated: (generated: GeneratedPassword) => void;
  /** The form's error for the password ('Please generate a password first'). */
  error?: string;
  /** Edit: leaving it keeps the member's current password. */
  optional?: boolean;
}) {
  const generate = useGeneratePassword();
  const onGenerate = async () => {
    try {
      onGenerated(await generate.mutateAsync(userId));
      toast({ title: TEAM_TEXTS.generated, variant: 'success' });
    } catch (e) {
      toast({
        title: TEAM_TEXTS.generateFailed,
        description: errorMessageOf(e, TEAM_TEXTS.generateFailed),
        variant: 'destructive',
      });
    }
  };
  const statusId = useId();
  return (
    <div className="grid gap-2" role="group" aria-labelledby={`${statusId}-label`}>
      <p id={`${statusId}-label`} className="flex items-center gap-2 text-sm font-medium">
        {optional ? 'New password' : 'Password'}
        {optional ? null : (
          <span className="text-destructive" aria-hidden="true">
            *
          </span>
        )}
      </p>
      <div className="flex flex-col gap-3 rounded-lg border bg-muted/40 p-3 sm:flex-row sm:items-center">
        <p id={statusId} className="flex min-w-0 flex-1 items-start gap-2 text-sm" aria-live="polite">
          {ready ? (
            <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
          ) : (
            <KeyRoundIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          )}
          <span data-testid="generated-password-status">
            {ready
              ? 'A secure password is ready. It is shown once, for 10 seconds, after you save.'
              : optional
                ? 'Optional. Leave it and the current password stays; Generate replaces it when you save.'
                : 'Generate a secure password. The new member signs in with it and then sets their own.'}
          </span>
        </p>
        <Button
          type="button"
          variant="outline"
          className="shrink-0"
          onClick={() => void onGenerate()}
          disabled={generate.isPending}
          aria-describedby={statusId}
        >
          {generate.isPending ? (
            <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
          ) : (
            <WandSparklesIcon aria-hidden="true" />
          )}
          {ready ? 'Generate again' : 'Generate'}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * After a save that set a generated password: the password for 10 seconds with Copy and a countdown,
 * then hidden for good (spec 2 §8). It is the dialog's `result`, with its own title and Done.
 */
export function PasswordRevealView({
  title,
  description,
  password,
}: {
  title: string;
  description: string;
  password: string;
}) {
  const [shownAt] = useState(() => Date.now());
  const now = useNow(250);
  const reveal = revealState(shownAt, now, REVEAL_SECONDS);
  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      {reveal.visible ? (
        <div className="grid gap-3">
          <CopyableValue
            label="Generated password"
            value={password}
            copyLabel="Copy password"
            testId="generated-password"
            toasts={{
              copied: { title: TEAM_TEXTS.copied, variant: 'success' },
              failed: {
                title: TEAM_TEXTS.copyFailed,
                description: 'Select the text and copy it by hand.',
                variant: 'destructive',
              },
            }}
          />
          <div className="grid gap-1.5">
            <Progress value={reveal.fraction * 100} aria-label="Time left before the password is hidden" />
            <p className="text-xs text-muted-foreground" data-testid="reveal-countdown">
              Hidden in {reveal.secondsLeft} {reveal.secondsLeft === 1 ? 'second' : 'seconds'}. It is not
              shown again.
            </p>
          </div>
        </div>
      ) : (
        <p
          className="flex items-start gap-2 rounded-lg border bg-muted/50 p-3 text-sm"
          data-testid="password-hidden"
          role="status"
        >
          <EyeOffIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span>
            The password is hidden now and cannot be shown again. If it was not noted, open Edit on the member
            and generate a new one.
          </span>
        </p>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button>Done</Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}
