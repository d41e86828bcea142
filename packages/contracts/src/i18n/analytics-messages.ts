/**
 * Messages of response-time analytics and the night handover (issue 13), in every language.
 * Each language file spreads its part first, like the gateway messages.
 */
export const analyticsMessagesEnUS = {
  'validation.shiftTime': 'Shift start times must be written HH:mm, from 00:00 to 23:59.',
  'validation.shiftCount': 'Set between 1 and 6 shifts.',
  'validation.shiftsDistinct': 'Two shifts cannot start at the same time.',
  'validation.responseTarget': 'The response target must be 10~3600 seconds.',
  'validation.analyticsRange': 'Choose at most 31 days: alarms are kept one month.',
  'field.shiftStarts': 'Shift start times',
  'field.targetSeconds': 'Response target (s)',
  'analytics.pdfBusy': 'The server is busy making other PDF files. Please try again in a moment.',
  'analytics.nightNotStarted': 'That night has not begun yet: choose an earlier date.',
};

type AnalyticsMessages = Record<keyof typeof analyticsMessagesEnUS, string>;

export const analyticsMessagesZhCN: AnalyticsMessages = {
  'validation.shiftTime': '班次开始时间须为 HH:mm 格式，00:00 至 23:59。',
  'validation.shiftCount': '请设置 1 至 6 个班次。',
  'validation.shiftsDistinct': '两个班次不能在同一时间开始。',
  'validation.responseTarget': '响应目标须为 10~3600 秒。',
  'validation.analyticsRange': '最多选择 31 天：告警记录只保留一个月。',
  'field.shiftStarts': '班次开始时间',
  'field.targetSeconds': '响应目标（秒）',
  'analytics.pdfBusy': '服务器正忙于生成其他 PDF 文件，请稍后再试。',
  'analytics.nightNotStarted': '该夜班尚未开始：请选择更早的日期。',
};

export const analyticsMessagesKo: AnalyticsMessages = {
  'validation.shiftTime': '교대 시작 시간은 HH:mm 형식(00:00~23:59)이어야 합니다.',
  'validation.shiftCount': '교대는 1~6개로 설정하십시오.',
  'validation.shiftsDistinct': '두 교대가 같은 시간에 시작할 수 없습니다.',
  'validation.responseTarget': '응답 목표는 10~3600초여야 합니다.',
  'validation.analyticsRange': '최대 31일까지 선택하십시오. 알람은 한 달간 보관됩니다.',
  'field.shiftStarts': '교대 시작 시간',
  'field.targetSeconds': '응답 목표(초)',
  'analytics.pdfBusy': '서버가 다른 PDF 파일을 만드는 중입니다. 잠시 후 다시 시도하십시오.',
  'analytics.nightNotStarted': '그 야간 근무는 아직 시작되지 않았습니다. 이전 날짜를 선택하십시오.',
};

export const analyticsMessagesDe: AnalyticsMessages = {
  'validation.shiftTime': 'Schichtbeginne werden als HH:mm geschrieben, von 00:00 bis 23:59.',
  'validation.shiftCount': 'Legen Sie 1 bis 6 Schichten fest.',
  'validation.shiftsDistinct': 'Zwei Schichten können nicht zur selben Zeit beginnen.',
  'validation.responseTarget': 'Das Reaktionsziel muss 10~3600 Sekunden betragen.',
  'validation.analyticsRange': 'Wählen Sie höchstens 31 Tage: Alarme werden einen Monat aufbewahrt.',
  'field.shiftStarts': 'Schichtbeginne',
  'field.targetSeconds': 'Reaktionsziel (s)',
  'analytics.pdfBusy': 'Der Server erstellt gerade andere PDF-Dateien. Bitte versuchen Sie es gleich noch einmal.',
  'analytics.nightNotStarted': 'Diese Nacht hat noch nicht begonnen: Wählen Sie ein früheres Datum.',
};

export const analyticsMessagesCs: AnalyticsMessages = {
  'validation.shiftTime': 'Začátky směn se zapisují jako HH:mm, od 00:00 do 23:59.',
  'validation.shiftCount': 'Nastavte 1 až 6 směn.',
  'validation.shiftsDistinct': 'Dvě směny nemohou začínat ve stejný čas.',
  'validation.responseTarget': 'Cílová doba reakce musí být 10~3600 sekund.',
  'validation.analyticsRange': 'Zvolte nejvýše 31 dní: alarmy se uchovávají jeden měsíc.',
  'field.shiftStarts': 'Začátky směn',
  'field.targetSeconds': 'Cílová doba reakce (s)',
  'analytics.pdfBusy': 'Server právě vytváří jiné soubory PDF. Zkuste to prosím za chvíli.',
  'analytics.nightNotStarted': 'Tato noc ještě nezačala: zvolte dřívější datum.',
};

export const analyticsMessagesIt: AnalyticsMessages = {
  'validation.shiftTime': 'Gli inizi dei turni si scrivono HH:mm, da 00:00 a 23:59.',
  'validation.shiftCount': 'Imposta da 1 a 6 turni.',
  'validation.shiftsDistinct': 'Due turni non possono iniziare alla stessa ora.',
  'validation.responseTarget': 'L\'obiettivo di risposta deve essere di 10~3600 secondi.',
  'validation.analyticsRange': 'Scegli al massimo 31 giorni: gli allarmi sono conservati un mese.',
  'field.shiftStarts': 'Inizi dei turni',
  'field.targetSeconds': 'Obiettivo di risposta (s)',
  'analytics.pdfBusy': 'Il server sta creando altri file PDF. Riprova tra un momento.',
  'analytics.nightNotStarted': 'Quella notte non è ancora iniziata: scegli una data precedente.',
};

export const analyticsMessagesJa: AnalyticsMessages = {
  'validation.shiftTime': 'シフト開始時刻は HH:mm（00:00～23:59）で入力してください。',
  'validation.shiftCount': 'シフトは 1～6 個設定してください。',
  'validation.shiftsDistinct': '2 つのシフトを同じ時刻に開始することはできません。',
  'validation.responseTarget': '対応目標は 10～3600 秒にしてください。',
  'validation.analyticsRange': '最大 31 日まで選択してください。アラームは 1 か月保存されます。',
  'field.shiftStarts': 'シフト開始時刻',
  'field.targetSeconds': '対応目標（秒）',
  'analytics.pdfBusy': 'サーバーは他の PDF ファイルを作成中です。しばらくしてから再試行してください。',
  'analytics.nightNotStarted': 'その夜勤はまだ始まっていません。以前の日付を選択してください。',
};
