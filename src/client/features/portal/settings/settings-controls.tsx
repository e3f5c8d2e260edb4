import { useId, type ReactNode } from 'react';
import { MailIcon, type LucideIcon } from 'lucide-react';
import type { CustomerSettings } from '@shared/contracts/portal';
import { OptionSelect, type SelectOption } from '@client/components/form/option-select';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Label } from '@client/components/ui/label';
import { Switch } from '@client/components/ui/switch';
import { CHOICES, isSwitch, SWITCHES, type ChoiceName, type SettingsGroupSpec } from './settings-options';

/** The Settings tab's building blocks: a titled section, a switch row, a select row and a group of settings. */

export function SettingsSection({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-start gap-3 space-y-0">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Icon className="size-4.5" aria-hidden="true" />
        </span>
        <div className="grid gap-1">
          <CardTitle asHeading="h3" className="text-base">
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="grid gap-5">{children}</CardContent>
    </Card>
  );
}

/** A row's label, and its hint (`{id}-description`) for the control to point at. */
function RowText({ id, label, description }: { id: string; label: string; description?: string }) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      {description ? (
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
    </div>
  );
}

export function SwitchRow({
  label,
  description,
  checked,
  onCheckedChange,
}: {
  label: string;
  description: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <RowText id={id} label={label} description={description} />
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        aria-describedby={`${id}-description`}
        className="mt-0.5"
      />
    </div>
  );
}

export function SelectRow<T extends string>({
  label,
  description,
  value,
  options,
  onValueChange,
}: {
  label: string;
  description?: string;
  value: T;
  options: readonly SelectOption<T>[];
  onValueChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-2 sm:grid-cols-[1fr_12rem] sm:items-center sm:gap-4">
      <RowText id={id} label={label} description={description} />
      <OptionSelect
        value={value}
        onChange={onValueChange}
        options={options}
        trigger={{ id, 'aria-describedby': description ? `${id}-description` : undefined }}
      />
    </div>
  );
}

/** The settings on screen and how one changes (`useSettingsAutosave`'s). */
export type SettingValues = {
  settings: CustomerSettings;
  update: <K extends keyof CustomerSettings>(key: K, value: CustomerSettings[K]) => void;
};

/** A section of settings: a switch or a select per setting, in the group's order, then any extra rows. */
export function SettingsGroup({
  group,
  values,
  children,
}: {
  group: SettingsGroupSpec;
  values: SettingValues;
  children?: ReactNode;
}) {
  return (
    <SettingsSection icon={group.icon} title={group.title} description={group.description}>
      {group.note ? (
        <p
          className="flex items-start gap-2 rounded-lg border bg-muted/50 p-3 text-sm text-muted-foreground"
          data-testid="settings-group-note"
        >
          <MailIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {group.note}
        </p>
      ) : null}
      {group.settings.map((name) =>
        isSwitch(name) ? (
          <SwitchRow
            key={name}
            {...SWITCHES[name]}
            checked={values.settings[name]}
            onCheckedChange={(value) => values.update(name, value)}
          />
        ) : (
          <ChoiceRow key={name} name={name} values={values} />
        ),
      )}
      {children}
    </SettingsSection>
  );
}

function ChoiceRow<K extends ChoiceName>({ name, values }: { name: K; values: SettingValues }) {
  return (
    <SelectRow
      {...CHOICES[name]}
      value={values.settings[name]}
      onValueChange={(value) => values.update(name, value)}
    />
  );
}
