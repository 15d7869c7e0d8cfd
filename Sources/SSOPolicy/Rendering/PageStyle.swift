/// Every style sheet the pages use, in one place: the comparison fragment's (scoped to `.ssopolicy-embed`, so the
/// same table sits in the HTML guide, in the playground and, pasted, in a wiki page), and each page's own sheet,
/// which includes the fragment's where the page shows comparisons. `HTMLPage` writes a sheet verbatim between
/// `<style>` and `</style>`, so a sheet's text is exactly what the playground's content security policy hashes.
package enum PageStyle {
    /// The comparison fragment's style: light and dark, printable, scoped to `.ssopolicy-embed`.
    package static let comparison = """
        .ssopolicy-embed{--ink:#1a1a1a;--muted:#555;--line:#c8c8c8;--alt:#f3f5f8;--accent:#0b57a4;--critical:#8b0000;\
        --high:#a33a00;--medium:#6b5200;color:var(--ink);font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,\
        sans-serif;overflow-x:auto}
        .ssopolicy-embed table{border-collapse:collapse;margin:.5rem 0;font-size:.92em}
        .ssopolicy-embed caption{text-align:left;font-weight:600;padding:.25rem 0}
        .ssopolicy-embed th,.ssopolicy-embed td{border:1px solid var(--line);padding:.3rem .5rem;vertical-align:top;\
        text-align:left}
        .ssopolicy-embed thead th{background:var(--alt)}
        .ssopolicy-embed tr.differs>th{border-left:4px solid var(--accent)}
        .ssopolicy-embed .prompts{font-weight:600}.ssopolicy-embed .none,.ssopolicy-embed .note{color:var(--muted)}
        .ssopolicy-embed .note{font-style:italic}
        .ssopolicy-embed .sev-critical{color:var(--critical);font-weight:700}\
        .ssopolicy-embed .sev-high{color:var(--high);font-weight:600}.ssopolicy-embed .sev-medium{color:var(--medium)}
        .ssopolicy-embed ul{margin:.2rem 0 0;padding-left:1.1rem}
        @media (prefers-color-scheme:dark){.ssopolicy-embed{--ink:#e8e8e8;--muted:#b0b0b0;--line:#555;--alt:#24282e;\
        --accent:#7db4ff;--critical:#ff8080;--high:#ffa566;--medium:#e0c060}}
        @media print{.ssopolicy-embed{--ink:#000;--muted:#333;--line:#888;--alt:#eee;--accent:#000;--critical:#000;\
        --high:#000;--medium:#000}}

        """

    /// The HTML guide's sheet (its own rules, then the comparison fragment's).
    package static let guide = "\n" + guideRules + comparison

    static let guideRules = """
        :root{--ink:#1a1a1a;--muted:#555;--line:#c8c8c8;--alt:#f3f5f8;--bg:#fff;--accent:#0b57a4;--critical:#8b0000;\
        --high:#a33a00;--medium:#6b5200;color-scheme:light dark}
        @media (prefers-color-scheme:dark){:root{--ink:#e8e8e8;--muted:#b0b0b0;--line:#555;--alt:#24282e;--bg:#15171a;\
        --accent:#7db4ff;--critical:#ff8080;--high:#ffa566;--medium:#e0c060}}
        *{box-sizing:border-box}
        body{margin:0;background:var(--bg);color:var(--ink);font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,\
        sans-serif}
        main{max-width:84rem;padding:1rem 1.5rem 3rem}
        h1{font-size:1.6rem;margin:.5rem 0}h2{font-size:1.3rem;margin:2rem 0 .5rem;border-bottom:1px solid var(--line)}
        h3{font-size:1.05rem;margin:1.25rem 0 .25rem}
        a{color:var(--accent)}code{font:.9em ui-monospace,SFMono-Regular,Menlo,monospace}
        .lead{max-width:60rem}.toc{display:flex;flex-wrap:wrap;gap:.25rem 1rem;padding:0;list-style:none}
        table{border-collapse:collapse;margin:.5rem 0;font-size:.92em}
        th,td{border:1px solid var(--line);padding:.3rem .5rem;vertical-align:top;text-align:left}
        thead th{background:var(--alt)}
        .scroll{overflow-x:auto}
        .sev-critical{color:var(--critical);font-weight:700}.sev-high{color:var(--high);font-weight:600}
        .sev-medium{color:var(--medium)}
        .explorer{background:var(--alt);border:1px solid var(--line);border-radius:6px;padding:.25rem 1rem 1rem}
        .explorer h2{border:0}
        form.whatif{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:flex-start}
        form.whatif label{font-weight:600}form.whatif select{font:inherit;margin-left:.25rem;max-width:100%}
        fieldset{border:1px solid var(--line);border-radius:4px;display:flex;flex-wrap:wrap;gap:.4rem 1rem;\
        flex-basis:100%}
        #whatif-answer{display:block;margin-top:.75rem}
        #whatif-answer ol{padding-left:1.25rem}#whatif-answer li{margin:.4rem 0}
        .when{font-weight:600}.command{display:block;white-space:pre-wrap;margin:.5rem 0}
        details.embed{margin:.5rem 0}details.embed textarea{width:100%;font:12px/1.3 ui-monospace,monospace;\
        background:var(--bg);color:var(--ink)}
        figure.diagram{margin:1rem 0}figcaption{font-weight:600;margin-bottom:.25rem}
        figure.chart{margin:.75rem 0}svg.prompt-chart{max-width:100%;height:auto}
        .left-out{color:var(--muted)}
        .advice pre.yaml{margin:.25rem 0;padding:.4rem .6rem;background:var(--alt);border:1px solid var(--line);\
        overflow-x:auto;font:12px/1.35 ui-monospace,SFMono-Regular,Menlo,monospace}.advice .paste p{margin:.5rem 0 0}
        .advice .muted{color:var(--muted);font-size:.85em}.advice .safe{color:var(--accent)}
        svg.sequence{font:12px system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;max-width:none}
        .sq-lifeline{stroke:var(--line);stroke-dasharray:4 4}
        .sq-box,.sq-actor{fill:var(--alt);stroke:var(--ink)}
        .sq-name{fill:var(--ink);font-weight:600}
        .sq-arrow{stroke:var(--ink);stroke-width:1.3}.sq-return{stroke-dasharray:5 3}.sq-head{fill:var(--ink)}
        .sq-message,.sq-prompt,.sq-session{fill:var(--ink)}.sq-prompt{font-weight:600}.sq-session{fill:var(--muted)}
        .sq-finding{fill:var(--medium)}.sq-finding.sev-critical{fill:var(--critical)}.sq-finding.sev-high{fill:var(--high)}
        .sources .url{display:none}
        @media print{:root{--ink:#000;--muted:#333;--line:#888;--alt:#eee;--bg:#fff;--accent:#000;--critical:#000;\
        --high:#000;--medium:#000}nav,.explorer,details.embed{display:none}main{max-width:none;padding:0}\
        .scroll{overflow:visible}.sources .url{display:inline}h2{break-after:avoid}figure,tr{break-inside:avoid}}

        """

    /// The playground's sheet (its own rules, then the comparison fragment's).
    package static let playground =
        #"""
        :root { color-scheme: light dark; --ink: #1a1a1a; --muted: #555; --line: #c8c8c8; --accent: #0b57a4;
          --critical: #8b0000; --high: #a33a00; --medium: #6b5200; --bg: #fff; --bg-alt: #f3f5f8; }
        @media (prefers-color-scheme: dark) { :root { --ink: #e8e8e8; --muted: #b0b0b0; --line: #555;
          --accent: #7db4ff; --critical: #ff8080; --high: #ffa566; --medium: #e0c060; --bg: #15171a; --bg-alt: #24282e; } }
        * { box-sizing: border-box; }
        body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink);
          background: var(--bg); }
        main { padding: 1rem 1.25rem; max-width: 96rem; }
        body.embed main { padding: .5rem; max-width: none; }
        h1 { font-size: 1.4rem; margin: 0 0 .75rem; } h2 { font-size: 1.15rem; margin: 1rem 0 .5rem; }
        h3 { font-size: 1rem; margin: 1rem 0 .4rem; }
        a { color: var(--accent); } a:focus, button:focus, input:focus, select:focus, textarea:focus {
          outline: 3px solid #f5a623; outline-offset: 2px; }
        .choices { display: grid; gap: .75rem; grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr));
          background: var(--bg-alt); padding: .75rem; border: 1px solid var(--line); border-radius: 6px; }
        fieldset { border: 1px solid var(--line); border-radius: 4px; margin: 0; padding: .4rem .6rem; min-width: 0; }
        .choices select { width: 100%; }
        legend, label { font-weight: 600; } .choice { display: block; font-weight: 400; }
        textarea { width: 100%; min-height: 5rem; font: 13px/1.3 ui-monospace, monospace; background: var(--bg);
          color: var(--ink); }
        select, button, input { font: inherit; padding: .2rem .4rem; max-width: 100%; }
        button { background: var(--accent); color: var(--bg); border: 0; border-radius: 4px; padding: .4rem 1rem;
          cursor: pointer; margin-top: .4rem; }
        .columns { display: grid; gap: 1rem; grid-template-columns: minmax(0, 2fr) minmax(18rem, 1fr); }
        @media (max-width: 60rem) { .columns { grid-template-columns: 1fr; } }
        .whatif fieldset { margin-top: 1rem; } .facts { display: flex; flex-wrap: wrap; gap: .3rem 1rem; }
        .facts label { font-weight: 400; }
        nav.views a { margin-right: 1rem; } nav.views a[aria-current="page"] { font-weight: 700; color: var(--ink); }
        .table-wrap, .scroll { overflow-x: auto; }
        table { border-collapse: collapse; margin: .5rem 0; font-size: .92rem; }
        caption { text-align: left; font-weight: 600; padding: .25rem 0; }
        th, td { border: 1px solid var(--line); padding: .35rem .5rem; vertical-align: top; text-align: left; }
        thead th { background: var(--bg-alt); }
        .prompts { font-weight: 600; } .none, .muted, .why { color: var(--muted); } .why { font-size: .88rem; }
        ul.findings { margin: .25rem 0 0; padding-left: 1.1rem; } .when { font-weight: 600; }
        .sev-critical { color: var(--critical); font-weight: 700; } .sev-high { color: var(--high); font-weight: 600; }
        .sev-medium { color: var(--medium); }
        .error { border: 2px solid var(--critical); padding: .5rem .75rem; border-radius: 4px; }
        .error code { white-space: pre-wrap; }
        #whatif-answer li { margin: .4rem 0; }
        .advice pre.yaml { margin: .25rem 0; padding: .4rem .6rem; background: var(--bg-alt); overflow-x: auto;
          border: 1px solid var(--line); font: 12px/1.35 ui-monospace, monospace; }
        .advice .paste p { margin: .5rem 0 0; } .advice .muted { font-size: .85rem; } .advice .safe { color: var(--accent); }
        .advice-bound { display: flex; flex-wrap: wrap; gap: .3rem 1rem; align-items: baseline; }

        """# + comparison

    /// The replay report's sheet.
    package static let replay = "\n" + replayRules + "\n"

    static let replayRules = """
        body{font-family:system-ui,sans-serif;margin:2em;color:#1b1b1b;max-width:1000px}
        table{border-collapse:collapse;margin:0.5em 0 1.5em}td,th{border:1px solid #ccc;padding:3px 6px;text-align:left;vertical-align:top;font-size:0.9em;overflow-wrap:anywhere}
        .exposed{fill:#d7263d;background:#fbd5da}.maybe_exposed{fill:#f49d37;background:#fde6c8}
        .unreplayable{fill:#9e9e9e;background:#e6e6e6}.clean{fill:#3f9b5d;background:#d3eedb}
        svg.timeline{width:100%;height:auto;background:#fafafa;border:1px solid #ddd}
        svg text{font-size:12px;fill:#fff}svg text.axis{fill:#444}
        .mark.other{fill:#111}.mark.own{fill:#fff;stroke:#111;stroke-width:1.5}
        .band{stroke:#fff;stroke-width:1}.note{color:#555}
        .attention{border:2px solid #d7263d;background:#fbd5da;padding:0.5em 0.8em}
        """
}
