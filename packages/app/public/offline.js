// The "no connection" page's words (docs/app.md). External, as the server's CSP allows scripts from 'self' only.
// The app's languages (docs/app.md), chosen by the stored choice, else the phone's language.
var texts = {
  'en-us': ['No connection', 'Vigil cannot reach the server. Alarms are not shown until the connection is back. Check Wi-Fi or mobile data.', 'Try again', 'en'],
  'zh-cn': ['无网络连接', 'Vigil 无法连接服务器。连接恢复前不会显示报警。请检查 Wi-Fi 或移动数据。', '重试', 'zh-CN'],
  'ko': ['연결 없음', 'Vigil이 서버에 연결할 수 없습니다. 연결이 복구될 때까지 알람이 표시되지 않습니다. Wi-Fi 또는 모바일 데이터를 확인하세요.', '다시 시도', 'ko'],
  'de': ['Keine Verbindung', 'Vigil erreicht den Server nicht. Alarme werden erst wieder angezeigt, wenn die Verbindung besteht. Prüfen Sie WLAN oder mobile Daten.', 'Erneut versuchen', 'de'],
  'cs': ['Bez připojení', 'Vigil se nemůže spojit se serverem. Dokud se spojení neobnoví, alarmy se nezobrazí. Zkontrolujte Wi-Fi nebo mobilní data.', 'Zkusit znovu', 'cs'],
  'it': ['Nessuna connessione', 'Vigil non raggiunge il server. Gli allarmi non vengono mostrati finché la connessione non torna. Controlla Wi-Fi o dati mobili.', 'Riprova', 'it'],
  'ja': ['接続なし', 'Vigil がサーバーに接続できません。接続が戻るまでアラームは表示されません。Wi-Fi またはモバイルデータを確認してください。', '再試行', 'ja']
};
var stored = null;
try { stored = localStorage.getItem('vigil-app-language'); } catch (e) {}
var phone = (navigator.language || 'en').toLowerCase();
var key = texts[stored] ? stored : phone.indexOf('zh') === 0 ? 'zh-cn' : texts[phone.slice(0, 2)] ? phone.slice(0, 2) : 'en-us';
var t = texts[key];
document.documentElement.lang = t[3];
document.getElementById('title').textContent = t[0];
document.getElementById('body').textContent = t[1];
document.getElementById('retry').textContent = t[2];
document.title = 'Vigil: ' + t[0];
document.getElementById('retry').onclick = function () { location.reload(); };
window.addEventListener('online', function () { location.reload(); });
