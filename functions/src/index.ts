// The hosted build's Cloud Functions, one thin export per callable (functions/README.md). A new
// group adds its module under src/, its handlers to handlers.ts and its exports here.
import { HANDLERS } from './handlers.ts';
import { callable } from './platform/callable.ts';
import { outboxSender, outboxSweeper } from './platform/notification-triggers.ts';

// Orders: placing, the owner's cancel, the admin's changes, and the limited tracking look-up.
export const placeOrder = callable('placeOrder', HANDLERS.placeOrder);
export const cancelOrder = callable('cancelOrder', HANDLERS.cancelOrder);
export const updateOrder = callable('updateOrder', HANDLERS.updateOrder);
export const deleteOrder = callable('deleteOrder', HANDLERS.deleteOrder);
export const trackOrder = callable('trackOrder', HANDLERS.trackOrder);

// Reviews: posting (limited), and the admin's moderation.
export const addReview = callable('addReview', HANDLERS.addReview);
export const moderateReview = callable('moderateReview', HANDLERS.moderateReview);
export const deleteReview = callable('deleteReview', HANDLERS.deleteReview);

// Contact messages (limited).
export const sendMessage = callable('sendMessage', HANDLERS.sendMessage);

// Notifications (D10): the admin desk's message calls, and the outbox's sender and sweeper.
export const orderNotifications = callable('orderNotifications', HANDLERS.orderNotifications);
export const resendNotification = callable('resendNotification', HANDLERS.resendNotification);
export const stopNotifications = callable('stopNotifications', HANDLERS.stopNotifications);
export const sendNotification = outboxSender();
export const sweepNotifications = outboxSweeper();
