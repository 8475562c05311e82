import { z } from 'zod';

/**
 * The screen configuration the server serves for a generic list route. The web renders any
 * screen from this alone.
 */
export const valueTypes = [
  'text',
  'textarea',
  'password',
  'number',
  'money',
  'select',
  'dict',
  'radio',
  'checkbox',
  'switch',
  'date',
  'daterange',
  'datetime',
  'month',
  'monthrange',
  'image',
  'file',
  'region',
  'mapPoint',
  'mapPolygon',
  'treeSelect',
  'tableSelect',
  'richText',
  'patrolTime',
  /** a route's points in walking order: a row holds [{id, name}], a form sends the ordered ids */
  'pointChain',
  /** seconds left until a deadline (negative: overdue), shown as a countdown */
  'countdown',
  /** whole days until an expiry (negative: lapsed), shown as N 天, 今天到期 or 已过期 N 天 */
  'daysLeft',
  /** a health code 1 green, 2 yellow, 3 red, shown in its colour */
  'healthCode',
] as const;
export type ValueType = (typeof valueTypes)[number];

export const optionSchema = z.object({ label: z.string(), value: z.union([z.string(), z.number()]) });
export type Option = z.infer<typeof optionSchema>;

export const fieldRuleSchema = z.object({
  required: z.boolean().optional(),
  /** JS regular expression source */
  pattern: z.string().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  /** named validators both sides implement: mobile (1[3-9]), idcard (18 chars + checksum), email */
  validator: z.enum(['mobile', 'idcard', 'email']).optional(),
  message: z.string(),
});
export type FieldRule = z.infer<typeof fieldRuleSchema>;

export const fieldSchema = z.object({
  prop: z.string(),
  label: z.string(),
  type: z.enum(valueTypes),
  /** dictionary type (dict_data.dict_type) for dict/select/radio/checkbox */
  dict: z.string().optional(),
  /** declared choices; for a dictionary field the server fills in the caller's dictionary rows (own and shared) */
  options: z.array(optionSchema).optional(),
  /** select options loaded from a url returning Option[] */
  optionsUrl: z.string().optional(),
  /** table-select: the list route to pick from and the prop shown */
  pick: z.object({ route: z.string(), labelProp: z.string() }).optional(),
  /** tree-select: url returning {label, value, children}[] */
  treeUrl: z.string().optional(),
  rules: z.array(fieldRuleSchema),
  inTable: z.boolean(),
  inSearch: z.boolean(),
  inAdd: z.boolean(),
  inEdit: z.boolean(),
  inBatch: z.boolean(),
  inDetail: z.boolean(),
  inExport: z.boolean(),
  inImport: z.boolean(),
  width: z.number().optional(),
  sortable: z.boolean().optional(),
  /**
   * form fields this one fills when it is set: target prop → source. A table select's source is a prop of
   * the picked row; an ID card's is 'sex' or 'birth', read from the number.
   */
  fill: z.record(z.string(), z.string()).optional(),
  /** a select whose options depend on another field: the options url is called with `?<prop>=<its value>` */
  optionsBy: z.string().optional(),
  /** editable in the table cell (cellSave) */
  editable: z.boolean().optional(),
  placeholder: z.string().optional(),
  defaultValue: z.unknown().optional(),
  /** image uploads: only JPG (where the field says so) and the size cap in bytes */
  jpgOnly: z.boolean().optional(),
  maxSize: z.number().optional(),
  /** image fields: also 拍照 with the device's camera (a 500×400 PNG, whatever jpgOnly says of uploaded files) */
  camera: z.boolean().optional(),
  /** multiple files/images */
  multiple: z.boolean().optional(),
  /** a read-only display in forms */
  readonly: z.boolean().optional(),
  /** a form's options url narrowed to the village the form has chosen (`?village_id=`); none before one is chosen */
  byVillage: z.boolean().optional(),
  span: z.number().optional(),
});
export type FieldConfig = z.infer<typeof fieldSchema>;

/** 'single' needs exactly one selected row, 'multi' at least one, 'none' no selection. */
export const selectionSchema = z.enum(['none', 'single', 'multi']);
export type Selection = z.infer<typeof selectionSchema>;

/**
 * The action types a screen may declare. Each one is a contract between the server's declarations
 * and the web's renderers: a type is listed here only while some screen declares it and the web
 * renders it (checked by the action contract test).
 */
export const toolbarActionTypes = [
  'add',
  'drag',
  'export',
  'import',
  'batchDelete',
  'batchEdit',
  /** a configured batch action {api, title, method}: the selected ids to the api, confirmed or through the batch form */
  'batch',
  /** a toolbar dialog of a feature (the button's `dialog` names it), put there by the call it makes */
  'dialog',
  'generateBill',
  'charge',
  'billDisplay',
  'billSign',
  'balanceReminder',
  'packageSetting',
  'ownerTags',
  'markRead',
  /** generate the patrol tasks of the coming days */
  'patrolGenerate',
  /** print the selected patrol points' QR labels */
  'patrolQrPrint',
  /** 巡更派发: the selected route's guards, handler and walking mode */
  'patrolSend',
  /** 批量生成车位: numbered spaces of a lot from a prefix and a range */
  'parkingSpaceGenerate',
  /** 临时停车费二维码: the selected lot's pay-page QR code, drawn and downloaded as a PNG */
  'parkingTempQr',
  /** 关联车位: give a space to an owner for a period */
  'parkingAssociate',
  /** 预存充值: top up the selected house's prepaid balance (the house list) */
  'recharge',
] as const;
export type ToolbarActionType = (typeof toolbarActionTypes)[number];

export const rowActionTypes = [
  'edit',
  'delete',
  'detail',
  'childAdd',
  'assignAuth',
  'userAuth',
  /** a platform template role's grants over the web or operator menus (appType from the row's template) */
  'commonAuth',
  'viewVillage',
  'viewBuilding',
  'review',
  'recharge',
  'balanceLedger',
  'indexModule',
  'repairDetail',
  'repairDispatch',
  'repairStep',
  'repairComplete',
  'repairVisit',
  'repairReason',
  /** a patrol task's points with their check-ins */
  'patrolTaskDetail',
  /** correct a patrol check-in's verdict (a new row) */
  'patrolCorrect',
  /** print one patrol point's QR label */
  'patrolQr',
  /** 线路二维码: print the QR labels of a route's points */
  'lineQr',
  /** 续费: a space association's renewal bill */
  'parkingRenew',
  /** 添加子类: a category under this row, named and with an icon (the other fields take their defaults) */
  'addClassChild',
  /** 审核 of a registered visitor: approve with a pass window, or refuse with a reason */
  'visitorReview',
  /** 刷新人脸: resend a door's whole list, page by page, with the progress mask */
  'faceRefresh',
  /** 邻里圈 审核: approve (0) or reject (2) with a reason a post waiting for review */
  'neighbourAudit',
  /** 个人动态: a post as its resident wrote it, its likes and comments */
  'personalDynamics',
  /** 广告位 预订: book the slot for whole months, billed to a house */
  'advertBook',
  /** 编辑问卷: the questionnaire's questions, added, edited, deleted and sorted */
  'questionnaireEdit',
  /** 查看问卷: each question's results, the 问答 texts and who answered, with an xlsx export */
  'questionnaireView',
  /** 审核 of a vote: 0 通过 publishes it, 2 驳回 with a note */
  'voteReview',
  /** 查看结果: a vote's options with counts and shares, a resolution's tally, the voters, the result sheet */
  'voteView',
  /** 防控: a resident's tags, health code, pass status and isolation dates by the prevention rules */
  'epidemicControl',
] as const;
export type RowActionType = (typeof rowActionTypes)[number];

/** Custom row buttons (emit keys): the web renders them all alike, the server answers POST {base}/{emit}. */
export const customActionTypes = ['generateHouses', 'refund', 'assocInvalid', 'questionnairePublish'] as const;
export type CustomActionType = (typeof customActionTypes)[number];

export const toolbarButtonSchema = z.object({
  /** action registry key on the web */
  type: z.enum(toolbarActionTypes),
  title: z.string(),
  selection: selectionSchema,
  /** for generic batch buttons: the url to POST {ids} or {ids,row} to */
  api: z.string().optional(),
  /** confirm text; '{n}' is replaced by the number of rows */
  confirm: z.string().optional(),
  danger: z.boolean().optional(),
  /** a configured batch action: 'confirm' posts {ids} after the confirm, 'form' opens the batch form and posts {ids, row} */
  method: z.enum(['confirm', 'form']).optional(),
  /** a 'dialog' button: which feature dialog it opens */
  dialog: z.string().optional(),
});
export type ToolbarButton = z.infer<typeof toolbarButtonSchema>;

export const rowActionSchema = z.object({
  /** row action registry key on the web */
  type: z.enum(rowActionTypes),
  title: z.string(),
  api: z.string().optional(),
  showRule: z.object({ key: z.string(), val: z.union([z.string(), z.number()]) }).optional(),
});
export type RowAction = z.infer<typeof rowActionSchema>;

/** Up to three custom buttons per row. */
export const customButtonSchema = z.object({
  emit: z.enum(customActionTypes),
  api: z.string(),
  title: z.string(),
  isconfirm: z.boolean(),
  showRule: z.object({ key: z.string(), val: z.union([z.string(), z.number()]) }).optional(),
});
export type CustomButton = z.infer<typeof customButtonSchema>;

export const tabSchema = z.object({ key: z.string(), title: z.string() });
export type Tab = z.infer<typeof tabSchema>;

export const footerTableSchema = z.object({
  title: z.string(),
  /** list route of the child resource */
  route: z.string(),
  /** the child list request gets {[remoteKey]: parentRow[parentKey]} */
  remoteKey: z.string(),
  parentKey: z.string(),
  /** shown only below a row whose this prop is truthy (a resident's cars when he has any) */
  showWhen: z.string().optional(),
});
export type FooterTable = z.infer<typeof footerTableSchema>;

export const importNoticeSchema = z.object({ NoticeContent: z.array(z.string()), downloadUrl: z.string() });
export type ImportNotice = z.infer<typeof importNoticeSchema>;

export const screenUrlsSchema = z.object({
  list: z.string(),
  add: z.string().optional(),
  childAdd: z.string().optional(),
  edit: z.string().optional(),
  del: z.string().optional(),
  detail: z.string(),
  cellSave: z.string().optional(),
  savesort: z.string().optional(),
  sortList: z.string().optional(),
  batch: z.string().optional(),
  batchDel: z.string().optional(),
  export: z.string().optional(),
  import: z.string().optional(),
  template: z.string().optional(),
  tree: z.string().optional(),
  /** a record's changes from the audit trail (the detail's 历史 tab): only for those who may read the trail */
  history: z.string().optional(),
});
export type ScreenUrls = z.infer<typeof screenUrlsSchema>;

export const screenConfigSchema = z.object({
  route: z.string(),
  title: z.string(),
  /** the route name: permission codes are '<name>:<action>' */
  name: z.string(),
  rowKey: z.string(),
  tabType: z.string().optional(),
  fields: z.array(fieldSchema),
  toolbar: z.array(toolbarButtonSchema),
  rowActions: z.array(rowActionSchema),
  customButtons: z.array(customButtonSchema).max(3),
  tabs: z.array(tabSchema),
  footerTables: z.array(footerTableSchema),
  totals: z.array(z.enum(['unpaidtotal', 'havepaidtotal', 'sharetotal'])),
  /** lazy tree by parentId */
  tree: z.boolean(),
  /** the prop shown in the drag-sort dialog, when drag sort is on */
  dragTitle: z.string().optional(),
  autoReload: z.boolean(),
  pageSizes: z.array(z.number()),
  pageSize: z.number(),
  urls: screenUrlsSchema,
  importNotice: importNoticeSchema.optional(),
});
export type ScreenConfig = z.infer<typeof screenConfigSchema>;

/** List request: paging + search values (by prop) + optional tab and parent key. */
export const listRequestSchema = z
  .object({
    current: z.coerce.number().int().min(1, 'current 必须大于0').default(1),
    size: z.coerce.number().int().min(1, 'size 必须大于0').max(500, 'size 不能超过500').default(10),
    sortField: z.string().optional(),
    sortOrder: z.enum(['ascend', 'descend']).optional(),
    ids: z.array(z.coerce.number().int()).optional(),
  })
  .catchall(z.unknown());
export type ListRequest = z.infer<typeof listRequestSchema>;

export const listReplySchema = z.object({
  records: z.array(z.record(z.string(), z.unknown())),
  total: z.number(),
  current: z.number(),
  size: z.number(),
  pageCount: z.number(),
  unpaidtotal: z.string().optional(),
  havepaidtotal: z.string().optional(),
  /** renewal orders: the operators' share of what was paid */
  sharetotal: z.string().optional(),
  /** where the next page begins: sent back as `after` with that page's number, it is read from there (keyset) */
  next: z.string().optional(),
});
export type ListReply = z.infer<typeof listReplySchema>;

/** Import result: either every row went in, or nothing did and the errors say where. */
export const importErrorSchema = z.object({ row: z.number(), column: z.string(), message: z.string() });
export const importResultSchema = z.object({
  total: z.number(),
  inserted: z.number(),
  errors: z.array(importErrorSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** Dynamic form page: one form or tabbed forms the server loads and saves. */
export const dynamicFormSchema = z.object({
  formTitle: z.string(),
  saveUrl: z.string(),
  initForm: z.record(z.string(), z.unknown()),
  formItems: z.array(fieldSchema),
  formType: z.string().optional(),
  tabs: z
    .array(
      z.object({
        key: z.string(),
        title: z.string(),
        formItems: z.array(fieldSchema),
        initForm: z.record(z.string(), z.unknown()),
        info: z.array(z.object({ label: z.string(), value: z.string() })).optional(),
      }),
    )
    .optional(),
  other: z.record(z.string(), z.unknown()).optional(),
});
export type DynamicForm = z.infer<typeof dynamicFormSchema>;

export const PAGE_SIZES = [10, 20, 50, 100];
