// The system-settings module's public face: what other modules may use (docs/architecture.md).
export {
  apiSecretOf,
  diffOf,
  generalSettingsOf,
  invoiceSellerOf,
  invoiceSellerFrom,
  storedGeneralSettings,
  type SecurityConfig,
  securitySettingsOf,
  type SettingsDeps,
  staffPreferenceDefaultsOf,
  staffPreferenceDefaultsFrom,
  updateSettingsGroup,
} from './service';
export { settingsKeyring, type SettingsKeyring } from './settings-key';
export { configuredApiFields, readSettingsGroup } from './store';
