/**
 * The sandbox's ready-made world: the demo business the demo organization is configured against, the
 * templates every sandbox business starts with (approved, pending and rejected; text, image and
 * document headers; {{n}} variables; quick-reply and URL buttons), and the simulated customers.
 */

export interface SandboxTemplateButton {
  type: 'QUICK_REPLY' | 'URL' | 'PHONE_NUMBER';
  text: string;
  url?: string;
  phone_number?: string;
}

export interface SandboxTemplateComponent {
  type: 'HEADER' | 'BODY' | 'FOOTER' | 'BUTTONS';
  format?: 'TEXT' | 'IMAGE' | 'VIDEO' | 'DOCUMENT';
  text?: string;
  buttons?: SandboxTemplateButton[];
  example?: Record<string, unknown>;
}

export interface SandboxTemplateFixture {
  name: string;
  language: string;
  status: string;
  category: 'MARKETING' | 'UTILITY' | 'AUTHENTICATION';
  components: SandboxTemplateComponent[];
  rejected_reason?: string;
}

export const DEMO_BUSINESS = {
  accessToken: 'EAAGparleySandboxDemoToken2026',
  phoneNumberId: '106540352242922',
  businessAccountId: '102290129340398',
  displayPhoneNumber: '+971 4 555 0100',
  verifiedName: 'Desert Rose Trading',
  webhookVerifyToken: 'desert-rose-verify-2026',
} as const;

const quickReplies = (...texts: string[]): SandboxTemplateComponent => ({
  type: 'BUTTONS',
  buttons: texts.map((text) => ({ type: 'QUICK_REPLY', text })),
});

export const TEMPLATE_FIXTURES: SandboxTemplateFixture[] = [
  {
    name: 'order_confirmation',
    language: 'en_US',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Your order is confirmed' },
      {
        type: 'BODY',
        text: 'Hi {{1}}, thank you for shopping with Desert Rose Trading. Your order {{2}} will arrive on {{3}}.',
        example: { body_text: [['Layla', 'DR-10293', '12 December']] },
      },
      { type: 'FOOTER', text: 'Desert Rose Trading, Dubai' },
      quickReplies('Track my order', 'Talk to an agent'),
    ],
  },
  {
    name: 'seasonal_offer',
    language: 'en',
    status: 'APPROVED',
    category: 'MARKETING',
    components: [
      { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['https://sandbox.parley.dev/samples/eid-offer.png'] } },
      {
        type: 'BODY',
        text: 'Hi {{1}}, our Eid collection is here! Enjoy {{2}}% off oud, bakhoor and gift sets until {{3}}.',
        example: { body_text: [['Ahmed', '20', '15 April']] },
      },
      { type: 'FOOTER', text: 'Reply STOP to opt out' },
      quickReplies('Show me the offers', 'Not interested', 'Stop promotions'),
    ],
  },
  {
    name: 'welcome_message',
    language: 'en',
    status: 'APPROVED',
    category: 'MARKETING',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Welcome to Desert Rose, {{1}}' },
      { type: 'BODY', text: 'Thanks for connecting with us on WhatsApp, {{1}}! Reply here any time to reach our team.' },
      quickReplies('Browse products', 'Store hours'),
    ],
  },
  {
    name: 'appointment_reminder',
    language: 'ar',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [
      { type: 'BODY', text: 'مرحباً {{1}}، نذكّرك بموعدك يوم {{2}} الساعة {{3}}.' },
      quickReplies('تأكيد', 'إعادة الجدولة'),
    ],
  },
  {
    name: 'payment_reminder',
    language: 'en',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [
      { type: 'BODY', text: 'Hi {{1}}, invoice {{2}} for AED {{3}} is due on {{4}}.' },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'URL', text: 'Pay now', url: 'https://pay.desertrose.example/invoice/{{1}}' },
          { type: 'QUICK_REPLY', text: 'I have paid' },
        ],
      },
    ],
  },
  {
    name: 'delivery_note',
    language: 'en_US',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [
      { type: 'HEADER', format: 'DOCUMENT', example: { header_handle: ['https://sandbox.parley.dev/samples/delivery-note.pdf'] } },
      { type: 'BODY', text: 'The delivery note for order {{1}} is attached. Call us at {{2}} with any questions.' },
      { type: 'BUTTONS', buttons: [{ type: 'PHONE_NUMBER', text: 'Call us', phone_number: '+97145550100' }] },
    ],
  },
  {
    name: 'feedback_request',
    language: 'en',
    status: 'PENDING',
    category: 'MARKETING',
    components: [
      { type: 'BODY', text: 'Hi {{1}}, how was your visit to our {{2}} store?' },
      quickReplies('Loved it', 'It was okay', 'Not great'),
    ],
  },
  {
    name: 'loyalty_points',
    language: 'en',
    status: 'PENDING',
    category: 'UTILITY',
    components: [{ type: 'BODY', text: 'Hi {{1}}, you now have {{2}} Desert Rose points. They expire on {{3}}.' }],
  },
  {
    name: 'flash_sale_everything',
    language: 'en',
    status: 'REJECTED',
    category: 'MARKETING',
    rejected_reason: 'PROMOTIONAL',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'FLASH SALE!!!' },
      { type: 'BODY', text: '70% OFF EVERYTHING TODAY ONLY {{1}}!!! CLICK NOW BEFORE IT IS GONE' },
    ],
  },
  {
    name: 'ramadan_hours',
    language: 'ar',
    status: 'REJECTED',
    category: 'MARKETING',
    rejected_reason: 'INVALID_FORMAT',
    components: [{ type: 'BODY', text: 'رمضان كريم! مواعيد العمل الجديدة: {{1}}' }],
  },
];

export interface CustomerFixture {
  waId: string;
  name: string;
}

/** Simulated customers, with numbers in the supported countries. Numbers ending 0000 are not on WhatsApp. */
export const CUSTOMER_FIXTURES: CustomerFixture[] = [
  { waId: '971501234567', name: 'Layla Hassan' },
  { waId: '971552345678', name: 'Ahmed Al Mansoori' },
  { waId: '919876543210', name: 'Priya Sharma' },
  { waId: '919812345678', name: 'Rohan Gupta' },
  { waId: '966501234567', name: 'Noura Al Saud' },
  { waId: '96550123456', name: 'Khalid Al Sabah' },
  { waId: '97336001234', name: 'Mariam Yousef' },
  { waId: '97455012345', name: 'Hamad Al Thani' },
  { waId: '96891234567', name: 'Salim Al Balushi' },
  { waId: '971507654321', name: 'Fatima Zahra' },
];

/** What customers write first. */
export const OPENING_LINES = [
  'Hi! Do you have the oud gift set in stock?',
  'Hello, what time does the Dubai Mall store close today?',
  'Can I change the delivery address for my order?',
  'Is the Eid offer valid online as well?',
  'Salam, I would like to book an appointment for a fragrance consultation.',
  'My order has not arrived yet, can you check please?',
  'Do you deliver to Abu Dhabi?',
  'مرحبا، هل يوجد خصم على العطور؟',
];

/** What customers answer to a message they read. */
export const REPLY_LINES = [
  'Thank you!',
  'Great, see you then.',
  'Can you send me more details?',
  'Perfect 👍',
  'How much is delivery?',
  'شكراً جزيلاً',
];
