export * from '../modules/users/users.table.ts';
export * from '../modules/auth/auth.table.ts';
export * from '../modules/contact/contact.table.ts';
export * from '../modules/numbers/numbers.table.ts';
export * from '../modules/messages/messages.table.ts';
export * from '../modules/tags/tags.table.ts';
export * from '../modules/sharing/sharing.table.ts';
