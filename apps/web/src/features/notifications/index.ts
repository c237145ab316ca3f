// The notifications feature's public face (issue 19): the settings screen of /account/notifications.
export { NotificationSettings } from './components/notification-settings'
