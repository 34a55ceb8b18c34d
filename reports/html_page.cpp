#include "reports/html_page.hpp"

#include <cmath>
#include <cstdio>

#include "reports/escape.hpp"
#include "reports/html_charts.hpp"

namespace clconform::reports {
namespace {

const char* const kStyle = R"CSS(
:root{--fg:#1d2327;--muted:#5f6b73;--line:#d9dee2;--bg2:#f5f7f8}
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);margin:0 auto;max-width:1500px;padding:0 24px 48px}
h1{font-size:22px;margin:20px 0 4px}h2{font-size:18px;margin:32px 0 8px;border-bottom:1px solid var(--line);padding-bottom:4px}
h3{font-size:15px;margin:16px 0 6px}
nav{position:sticky;top:0;background:#fff;border-bottom:1px solid var(--line);padding:6px 0;z-index:2}
nav a{margin-right:14px}
a{color:#0b57d0;text-decoration:none}a:hover{text-decoration:underline}
code,pre{font:12px/1.4 ui-monospace,"SFMono-Regular",Menlo,Consolas,monospace}
pre{background:var(--bg2);border:1px solid var(--line);padding:8px;overflow:auto;max-height:480px;white-space:pre}
table{border-collapse:collapse;margin:6px 0}
th,td{border-bottom:1px solid var(--line);padding:3px 8px;text-align:left;vertical-align:top}
th{background:var(--bg2);font-weight:600;white-space:nowrap}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
td.bad{color:#c62828;font-weight:600}
tr.total td{font-weight:600;border-top:2px solid var(--fg)}
th.sort{cursor:pointer}th.sort::after{content:" \2195";color:var(--muted)}
th[aria-sort=ascending]::after{content:" \2191"}th[aria-sort=descending]::after{content:" \2193"}
.verdict{display:inline-block;font-weight:700;padding:4px 12px;border-radius:4px;color:#fff;margin:6px 0}
.verdict.pass{background:#2e7d32}.verdict.fail{background:#c62828}.verdict.incomplete{background:#ef6c00}
.badge{display:inline-block;min-width:76px;text-align:center;font:600 11px/18px system-ui,sans-serif;border-radius:3px;color:#fff;padding:0 6px}
dl.info{display:grid;grid-template-columns:max-content 1fr;gap:2px 16px;margin:8px 0}
dl.info dt{color:var(--muted)}dl.info dd{margin:0}
.dec{color:var(--muted);display:block}
.muted{color:var(--muted)}
.warn{background:#fff3e0;border-left:4px solid #ef6c00;padding:6px 10px;margin:4px 0}
details{margin:4px 0}summary{cursor:pointer}
details.case{border:1px solid var(--line);border-radius:4px;padding:4px 8px}
details.case>summary{list-style-position:outside;margin-left:14px}
details.case .body{padding:4px 0 4px 14px}
.ids{font:12px/1.6 ui-monospace,Menlo,Consolas,monospace;word-spacing:10px}
.filter{margin:6px 0}.filter input[type=search]{width:320px;padding:3px 6px}
.figs{display:flex;flex-wrap:wrap;gap:12px}figure{margin:0;border:1px solid var(--line);padding:6px}
figcaption{font-size:12px;max-width:300px;overflow-wrap:anywhere}
svg.bar{vertical-align:middle}
@media print{nav,.filter{display:none}details{display:block}}
)CSS";

// Sorting, filtering and opening a collapsed section that a link points
// into. Kept small and dependency free; the page must work without it.
const char* const kScript = R"JS(
(function(){
  var root=document.documentElement; root.setAttribute('data-js','on');
  var each=function(list,f){Array.prototype.forEach.call(list,f);};
  function key(td){var v=td.getAttribute('data-v');return v===null?td.textContent.trim().toLowerCase():parseFloat(v);}
  each(document.querySelectorAll('table.sortable'),function(table){
    var heads=table.tHead.rows[0].cells;
    each(heads,function(th,col){
      th.classList.add('sort');th.tabIndex=0;
      function go(){
        var asc=th.getAttribute('aria-sort')!=='ascending';
        each(heads,function(h){h.removeAttribute('aria-sort');});
        th.setAttribute('aria-sort',asc?'ascending':'descending');
        var body=table.tBodies[0],rows=Array.prototype.slice.call(body.rows);
        rows.sort(function(a,b){var x=key(a.cells[col]),y=key(b.cells[col]);var r=x<y?-1:x>y?1:0;return asc?r:-r;});
        each(rows,function(r){body.appendChild(r);});
      }
      th.addEventListener('click',go);
      th.addEventListener('keydown',function(e){if(e.key==='Enter'||e.key===' '){e.preventDefault();go();}});
    });
  });
  each(document.querySelectorAll('.filter[data-table]'),function(box){
    var table=document.getElementById(box.getAttribute('data-table'));
    var text=box.querySelector('input[type=search]'),over=box.querySelector('input[type=checkbox]');
    var shown=box.querySelector('.shown');
    function apply(){
      var q=text.value.trim().toLowerCase(),n=0;
      each(table.tBodies[0].rows,function(r){
        var ok=(r.getAttribute('data-id')||'').toLowerCase().indexOf(q)>=0&&(!over||!over.checked||r.getAttribute('data-over')==='1');
        r.hidden=!ok;if(ok)n++;
      });
      shown.textContent=n+' shown';
    }
    text.addEventListener('input',apply);if(over)over.addEventListener('change',apply);
    box.hidden=false;apply();
  });
  function openTarget(){
    var t=location.hash&&document.getElementById(decodeURIComponent(location.hash.slice(1)));
    for(;t;t=t.parentElement){if(t.tagName==='DETAILS')t.open=true;}
  }
  window.addEventListener('hashchange',openTarget);openTarget();
})();
)JS";

}  // namespace

std::string page_start(const std::string& title) {
  std::string css = kStyle;
  for (int i = 0; i < kStatusCount; ++i) {
    css += std::string(".badge.") + status_name(Status(i)) + "{background:" + status_colour(Status(i)) + "}";
  }
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" +
         escape_text(title) + "</title>\n<style>" + css + "\n</style>\n</head>\n<body>\n";
}

std::string page_end() { return std::string("<script>") + kScript + "</script>\n</body>\n</html>\n"; }

std::string badge(Status s) {
  const char* name = status_name(s);
  return std::string("<span class=\"badge ") + name + "\">" + name + "</span>";
}

std::string value_html(const Shown& v) {
  if (v.bits.empty()) return escape_text(v.decimal);
  std::string out = "<code>" + escape_text(v.bits) + "</code>";
  if (!v.decimal.empty()) out += "<span class=\"dec\">" + escape_text(v.type + " " + v.decimal) + "</span>";
  return out;
}

std::string filter_box(const std::string& table_id, const std::string& what, bool over_bound_switch) {
  const std::string label = escape_attr("filter by " + what);
  std::string out = "<div class=\"filter\" hidden data-table=\"" + escape_attr(table_id) +
                    "\"><input type=\"search\" placeholder=\"" + label + "\" aria-label=\"" + label + "\">";
  if (over_bound_switch) out += " <label><input type=\"checkbox\"> above the bound only</label>";
  return out + " <span class=\"shown muted\"></span></div>\n";
}

std::string number_cell(double sort_key, const std::string& text, const std::string& css_class) {
  char buf[40];
  if (std::isnan(sort_key) || std::isinf(sort_key)) {
    std::snprintf(buf, sizeof buf, "%s", sort_key < 0 ? "-Infinity" : "Infinity");  // NaN sorts as worst
  } else {
    std::snprintf(buf, sizeof buf, "%.17g", sort_key);
  }
  return "<td class=\"n" + (css_class.empty() ? "" : " " + css_class) + "\" data-v=\"" + buf + "\">" +
         escape_text(text) + "</td>";
}

std::string case_anchor(const std::string& id) { return "case-" + id; }

}  // namespace clconform::reports
