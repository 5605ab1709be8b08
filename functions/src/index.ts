// The hosted build's Cloud Functions, one thin export per callable (functions/README.md). A new
// group adds its module under src/, its handlers to handlers.ts and its exports here.
import { HANDLERS } from './handlers.ts';
import {
  paymentCallbackByPath,
  paymobCallback as paymobCallbackHandler,
} from './payments/payment-handlers.ts';
import { callable } from './platform/callable.ts';
import { httpsEndpoint } from './platform/https.ts';
import { outboxSender, outboxSweeper } from './platform/notification-triggers.ts';
import { paymentSweeper } from './platform/payment-sweeper.ts';
import { weeklySummarySchedule } from './platform/weekly-summary-schedule.ts';

// Orders: placing, the owner's cancel, the admin's changes, and the limited tracking look-up.
export const placeOrder = callable('placeOrder', HANDLERS.placeOrder);
export const cancelOrder = callable('cancelOrder', HANDLERS.cancelOrder);
export const updateOrder = callable('updateOrder', HANDLERS.updateOrder);
export const deleteOrder = callable('deleteOrder', HANDLERS.deleteOrder);
export const trackOrder = callable('trackOrder', HANDLERS.trackOrder);
// The lifecycle's explicit steps (D17): the admin's going back, and a move to another date.
export const goBackOrder = callable('goBackOrder', HANDLERS.goBackOrder);
export const rescheduleOrder = callable('rescheduleOrder', HANDLERS.rescheduleOrder);

// After a phone sign-in (D13): the orders booked for the proved number, and those of the
// anonymous session the customer left when the number already had an account.
export const claimPhoneOrders = callable('claimPhoneOrders', HANDLERS.claimPhoneOrders);
export const claimAnonymousOrders = callable('claimAnonymousOrders', HANDLERS.claimAnonymousOrders);

// Reviews from orders (D14): the owner's review (limited), the admin's moderation and settings.
export const addReview = callable('addReview', HANDLERS.addReview);
export const moderateReview = callable('moderateReview', HANDLERS.moderateReview);
export const deleteReview = callable('deleteReview', HANDLERS.deleteReview);
export const saveReviewSettings = callable('saveReviewSettings', HANDLERS.saveReviewSettings);

// Contact messages (limited), and the admin's handled or not (D20).
export const sendMessage = callable('sendMessage', HANDLERS.sendMessage);
export const markMessageHandled = callable('markMessageHandled', HANDLERS.markMessageHandled);

// Online payments (D3): what /payment offers, a try on the gateway, where it stands, cash
// instead, and the admin's history, refund and void.
export const paymentOptions = callable('paymentOptions', HANDLERS.paymentOptions);
export const startPayment = callable('startPayment', HANDLERS.startPayment);
export const paymentProgress = callable('paymentProgress', HANDLERS.paymentProgress);
export const switchToCash = callable('switchToCash', HANDLERS.switchToCash);
export const paymentHistory = callable('paymentHistory', HANDLERS.paymentHistory);
export const reversePayment = callable('reversePayment', HANDLERS.reversePayment);
export const refundQueue = callable('refundQueue', HANDLERS.refundQueue);
export const manualRefund = callable('manualRefund', HANDLERS.manualRefund);
// Paymob's transaction callback (HTTPS): Firebase Hosting rewrites /api/payments/paymob/callback
// here (firebase.json), so its address is the site's, as with the self-hosted server.
export const paymobCallback = httpsEndpoint('paymobCallback', paymobCallbackHandler);
// Every other gateway's callback, /api/payments/<name>/callback (D3): a new provider needs no
// function or rewrite of its own.
export const paymentCallback = httpsEndpoint('paymentCallback', paymentCallbackByPath);
// Payments that always end (D18): every minute, tries the gateway said nothing of are asked
// about (its transaction inquiry) and extra payments are refunded.
export const reconcilePayments = paymentSweeper();

// Prices and crews as data (D11, D12): the admins' saves, which windows still have a free crew,
// and the admins' calendar of the coming weeks.
export const savePriceCatalog = callable('savePriceCatalog', HANDLERS.savePriceCatalog);
export const saveCapacityPlan = callable('saveCapacityPlan', HANDLERS.saveCapacityPlan);
export const capacityAvailability = callable('capacityAvailability', HANDLERS.capacityAvailability);
export const capacityCalendar = callable('capacityCalendar', HANDLERS.capacityCalendar);
// Dispatch (D28): the office's crews and trucks, board and assignments, and the team leader's
// phone (a phone session whose number leads an active crew).
export const dispatchFleet = callable('dispatchFleet', HANDLERS.dispatchFleet);
export const saveFleet = callable('saveFleet', HANDLERS.saveFleet);
export const dispatchBoard = callable('dispatchBoard', HANDLERS.dispatchBoard);
export const assignOrder = callable('assignOrder', HANDLERS.assignOrder);
export const crewJobs = callable('crewJobs', HANDLERS.crewJobs);
export const crewTap = callable('crewTap', HANDLERS.crewTap);
// The owner's dashboard (D25).
export const adminDashboard = callable('adminDashboard', HANDLERS.adminDashboard);

// Notifications (D10): the admin desk's message calls, and the outbox's sender and sweeper.
export const orderNotifications = callable('orderNotifications', HANDLERS.orderNotifications);
export const resendNotification = callable('resendNotification', HANDLERS.resendNotification);
export const stopNotifications = callable('stopNotifications', HANDLERS.stopNotifications);
export const sendNotification = outboxSender();
export const sweepNotifications = outboxSweeper();
// The team's weekly summary (D27): looked at every hour, written once a week.
export const weeklySummary = weeklySummarySchedule();
