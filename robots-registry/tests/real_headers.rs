//! Real User-Agent headers, as operators publish them and as logs record
//! them, read by the product-token function (`robots_runtime::registry::token_of_header`,
//! the CLI's `--user-agent-header` and `robots audit`): each must give the
//! token its robots.txt group is written for, and, for a registry crawler,
//! that crawler. A crawler of `candidates.toml` (known by name, no stored
//! source confirmed its facts, not in the registry) must give its token through
//! the generic product-token rule, with no crawler.
//!
//! Where a page writes a placeholder for the browser version (Google's and
//! Bing's `Chrome/W.X.Y.Z`), the header here has a version in its place, as a
//! request carries it.

use robots_registry::{token_of_header, TokenSource};
use robots_runtime::registry;
use std::collections::BTreeSet;
use std::sync::LazyLock;

/// The crawler tokens of `candidates.toml`, in lower case.
static CANDIDATES: LazyLock<BTreeSet<String>> = LazyLock::new(|| {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("candidates.toml");
    let text = std::fs::read_to_string(&path).expect("read candidates.toml");
    let table: toml::Table = toml::from_str(&text).expect("candidates.toml is TOML");
    table
        .get("crawler")
        .and_then(toml::Value::as_array)
        .expect("candidates.toml lists crawlers")
        .iter()
        .map(|c| {
            c.get("token")
                .and_then(toml::Value::as_str)
                .expect("a candidate has a token")
                .to_ascii_lowercase()
        })
        .collect()
});

/// `(header, token)`, grouped by the page the header was taken from.
const PUBLISHED: &[(&str, &[(&str, &str)])] = &[
    ("https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers", &[
        ("Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.204 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "Googlebot"),
        ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/131.0.6778.204 Safari/537.36", "Googlebot"),
        ("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "Googlebot"),
        ("Googlebot/2.1 (+http://www.google.com/bot.html)", "Googlebot"),
        ("Googlebot-Image/1.0", "Googlebot-Image"),
        ("Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.204 Mobile Safari/537.36 (compatible; Google-InspectionTool/1.0)", "Google-InspectionTool"),
        ("Mozilla/5.0 (compatible; Google-InspectionTool/1.0)", "Google-InspectionTool"),
        ("GoogleOther-Image/1.0", "GoogleOther-Image"),
        ("GoogleOther-Video/1.0", "GoogleOther-Video"),
    ]),
    ("https://developers.google.com/search/docs/advanced/crawling/overview-google-crawlers", &[
        ("Mozilla/5.0 (X11; Linux x86_64; Storebot-Google/1.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.88 Safari/537.36", "Storebot-Google"),
        ("Mozilla/5.0 (Linux; Android 8.0; Pixel 2 Build/OPD3.170816.012; Storebot-Google/1.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.138 Mobile Safari/537.36", "Storebot-Google"),
        ("Mozilla/5.0 (iPhone; CPU iPhone OS 14_7_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.1.2 Mobile/15E148 Safari/604.1 (compatible; AdsBot-Google-Mobile; +http://www.google.com/mobile/adsbot.html)", "AdsBot-Google-Mobile"),
    ]),
    ("https://developers.google.com/search/docs/crawling-indexing/google-special-case-crawlers", &[
        ("Google-Safety", "Google-Safety"),
        ("APIs-Google (+https://developers.google.com/webmasters/APIs-Google.html)", "APIs-Google"),
        ("Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.204 Mobile Safari/537.36 (compatible; AdsBot-Google-Mobile; +http://www.google.com/mobile/adsbot.html)", "AdsBot-Google-Mobile"),
    ]),
    ("https://developers.google.com/search/docs/crawling-indexing/google-user-triggered-fetchers", &[
        ("Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36 (compatible; Google-GeminiNotebook; +https://developers.google.com/crawling/docs/crawlers-fetchers/google-gemininotebook)", "Google-GeminiNotebook"),
        ("FeedFetcher-Google; (+http://www.google.com/feedfetcher.html)", "FeedFetcher-Google"),
        ("GoogleProducer; (+https://developers.google.com/search/docs/crawling-indexing/google-producer)", "GoogleProducer"),
        ("Mozilla/5.0 (compatible; Google-CWS)", "Google-CWS"),
        ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Google-Agent; +https://developers.google.com/crawling/docs/crawlers-fetchers/google-agent) Chrome/131.0.6778.204 Safari/537.36", "Google-Agent"),
        ("Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.204 Mobile Safari/537.36 (compatible; Google-Agent; +https://developers.google.com/crawling/docs/crawlers-fetchers/google-agent)", "Google-Agent"),
    ]),
    ("https://www.bing.com/webmasters/help/which-crawlers-does-bing-use-8c184ec0", &[
        ("Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", "bingbot"),
        ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/131.0.2903.86 Safari/537.36 Edg/131.0.2903.86", "bingbot"),
        ("Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.2903.86 Mobile Safari/537.36 Edg/131.0.2903.86 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", "bingbot"),
        ("Mozilla/5.0 (compatible; adidxbot/2.0; +http://www.bing.com/bingbot.htm)", "adidxbot"),
        ("Mozilla/5.0 (iPhone; CPU iPhone OS 7_0 like Mac OS X) AppleWebKit/537.51.1 (KHTML, like Gecko) Version/7.0 Mobile/11A465 Safari/9537.53 (compatible; adidxbot/2.0; +http://www.bing.com/bingbot.htm)", "adidxbot"),
        ("Mozilla/5.0 (Windows Phone 8.1; ARM; Trident/7.0; Touch; rv:11.0; IEMobile/11.0; NOKIA; Lumia 530) like Gecko (compatible; adidxbot/2.0; +http://www.bing.com/bingbot.htm)", "adidxbot"),
    ]),
    ("https://developers.openai.com/api/docs/bots", &[
        ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot", "GPTBot"),
        ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36; compatible; OAI-SearchBot/1.3; +https://openai.com/searchbot", "OAI-SearchBot"),
        ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot", "OAI-SearchBot"),
        ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot", "ChatGPT-User"),
        ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-AdsBot/1.0; +https://openai.com/adsbot", "OAI-AdsBot"),
        // The form quoted in issue 37 and on older copies of the page.
        ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)", "GPTBot"),
    ]),
    ("https://support.apple.com/en-us/119829", &[
        ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_10_1) AppleWebKit/600.2.5 (KHTML, like Gecko) Version/8.0.2 Safari/600.2.5 (Applebot/0.1)", "Applebot"),
    ]),
    ("https://developer.amazon.com/amazonbot", &[
        ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_10_1) AppleWebKit/600.2.5 (KHTML, like Gecko) Version/8.0.2 Safari/600.2.5 (Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot)", "Amazonbot"),
    ]),
    ("https://developers.facebook.com/docs/sharing/webmasters/crawler", &[
        ("facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)", "facebookexternalhit"),
        ("facebookexternalhit/1.1", "facebookexternalhit"),
        ("facebookcatalog/1.0", "facebookexternalhit"),
        ("meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)", "meta-externalagent"),
        ("meta-externalfetcher/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)", "meta-externalfetcher"),
        ("meta-webindexer/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)", "meta-webindexer"),
    ]),
    ("https://commoncrawl.org/ccbot", &[
        ("CCBot/2.0 (https://commoncrawl.org/faq/)", "CCBot"),
        ("CCBot/1.0 (+https://commoncrawl.org/bot.html)", "CCBot"),
        ("CCBot/1.0 (+http://www.commoncrawl.org/bot.html)", "CCBot"),
    ]),
    ("https://duckduckgo.com/duckduckgo-help-pages/results/duckassistbot/", &[
        ("DuckAssistBot/1.1; (+http://duckduckgo.com/duckassistbot.html)", "DuckAssistBot"),
    ]),
    ("https://duckduckgo.com/duckduckgo-help-pages/results/duckduckbot", &[
        ("DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)", "DuckDuckBot"),
    ]),
    ("https://mj12bot.com/", &[
        ("Mozilla/5.0 (compatible; MJ12bot/v1.2.1; http://www.majestic12.co.uk/bot.php?+)", "MJ12bot"),
    ]),
    ("https://napoveda.seznam.cz/en/seznambot-crawler/", &[
        ("Mozilla/5.0 (compatible; SeznamBot/4.0; +http://napoveda.seznam.cz/seznambot-intro/)", "SeznamBot"),
    ]),
    ("https://aspiegel.com/petalbot", &[
        ("Mozilla/5.0 (Linux; Android 7.0;) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; PetalBot;+https://webmaster.petalsearch.com/site/petalbot)", "PetalBot"),
    ]),
    ("https://help.pinterest.com/en/business/article/pinterest-crawler", &[
        ("Pinterest/0.2 (+https://www.pinterest.com/bot.html)", "Pinterestbot"),
        ("Mozilla/5.0 (compatible; Pinterestbot/1.0; +https://www.pinterest.com/bot.html)", "Pinterestbot"),
        ("Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/41.0.2272.96 Mobile Safari/537.36 (compatible; Pinterestbot/1.0; +https://www.pinterest.com/bot.html)", "Pinterestbot"),
    ]),
    ("https://www.baidu.com/search/spider.html", &[
        ("Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)", "Baiduspider"),
        ("Mozilla/5.0 (Linux;u;Android 4.2.2;zh-cn;) AppleWebKit/534.46 (KHTML,like Gecko) Version/5.1 Mobile Safari/10600.6.3 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)", "Baiduspider"),
        ("Mozilla/5.0 (Linux; U; Android 4.2.2; zh-cn;) AppleWebKit/534.46 (KHTML, like Gecko) Version/5.1 Mobile Safari/10600.6.3 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)", "Baiduspider"),
        ("Mozilla/5.0 (iPhone; CPU iPhone OS 9_1 like Mac OS X) AppleWebKit/601.1.46 (KHTML, like Gecko) Version/9.0 Mobile/13B143 Safari/601.1 (compatible; Baiduspider-render/2.0; +http://www.baidu.com/search/spider.html)", "Baiduspider"),
    ]),
    ("https://help.qwant.com/bot/", &[
        ("Mozilla/5.0 (compatible; Qwantbot/1.0_12345; +https://help.qwant.com/bot/)", "Qwantbot"),
        ("Mozilla/5.0 (compatible; Qwantbot-news/2.0;  +https://help.qwant.com/bot/)", "Qwantbot"),
    ]),
    ("https://docs.you.com/youbot", &[
        ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; YouBot/1.0; +https://docs.you.com/youbot; env:prod) Chrome/131.0.6778.204 Safari/537.36", "YouBot"),
    ]),
    ("https://ahrefs.com/robot", &[
        ("Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)", "AhrefsBot"),
        ("Mozilla/5.0 (compatible; AhrefsSiteAudit/6.1; +http://ahrefs.com/robot/site-audit)", "AhrefsSiteAudit"),
        ("Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/108.0.5359.128 Mobile Safari/537.36 (compatible; AhrefsSiteAudit/6.1; +http://ahrefs.com/robot/site-audit)", "AhrefsSiteAudit"),
    ]),
    // YandexAccessibilityBot is a candidate (candidates.toml), no registry crawler.
    ("https://yandex.com/support/webmaster/en/robot-workings/check-yandex-robots", &[
        ("Mozilla/5.0 (compatible; YandexAccessibilityBot/3.0; +http://yandex.com/bots)", "YandexAccessibilityBot"),
        ("Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.268", "YandexBot"),
        ("Mozilla/5.0 (compatible; YandexAccessibilityBot/3.0; +http://yandex.com/bots)", "YandexAccessibilityBot"),
    ]),
    ("https://api.slack.com/robots", &[
        ("Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)", "Slackbot"),
        ("Slackbot 1.0 (+https://api.slack.com/robots)", "Slackbot"),
    ]),
    ("http://webmeup-crawler.com/", &[
        ("Mozilla/5.0 (compatible; BLEXBot/1.0; +http://webmeup-crawler.com/)", "BLEXBot"),
    ]),
    ("https://help.coccoc.com/en/search-engine/coccoc-robots", &[
        ("Mozilla/5.0 (compatible; coccocbot-web/1.0; +http://help.coccoc.com/searchengine)", "coccocbot-web"),
        ("coccocbot-web/1.0 (+http://help.coccoc.com/searchengine)", "coccocbot-web"),
        ("Mozilla/5.0 (compatible; coccocbot-image/1.0; +http://help.coccoc.com/searchengine)", "coccocbot-image"),
    ]),
    ("https://searchadvisor.naver.com/guide/seo-basic-firewall", &[
        ("Mozilla/5.0 (compatible; Yeti/1.1; +https://naver.me/spd)", "Yeti"),
        ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko; compatible; Yeti/1.1; +https://naver.me/spd) Chrome/122.0.0.0 Safari/537.36", "Yeti"),
    ]),
    ("https://parallel.ai/parallel-web-systems-bots", &[
        ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ShapBot/0.1.0", "ShapBot"),
        ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; Shap-User/0.1.0", "Shap-User"),
    ]),
    ("https://docs.tabstack.ai/trust/controlling-access", &[
        ("Mozilla-Tabstack/1.0 (+https://tabstack.ai)", "Mozilla-Tabstack"),
    ]),
    ("https://docs.mistral.ai/robots", &[
        ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; MistralAI-User/1.0; +https://docs.mistral.ai/robots)", "MistralAI-User"),
        ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; MistralAI-Index/1.0; +https://docs.mistral.ai/robots)", "MistralAI-Index"),
    ]),
    ("https://yandex.com/support/partner2/technologies/robot.html", &[
        ("Mozilla/5.0 (compatible; YandexDirect/3.0)", "YandexDirect"),
    ]),
    ("https://imagesift.com/about", &[
        ("Mozilla/5.0 (compatible; ImagesiftBot; +imagesift.com)", "ImagesiftBot"),
    ]),
    ("https://developer.x.com/en/docs/x-for-websites/cards/guides/getting-started", &[
        ("Twitterbot/1.0", "Twitterbot"),
    ]),
];

/// `(header, token)` recorded in logs, from the MIT-licensed
/// monperrus/crawler-user-agents list (crawler-user-agents.json, 2026-07-02):
/// older versions, contact variants and browser-shaped headers that no
/// operator page shows.
const LOGGED: &[(&str, &str)] = &[
    ("Mozilla/5.0 (compatible; bingbot/2.0;  http://www.bing.com/bingbot.htm)", "bingbot"),
    ("Mozilla/5.0 (compatible; Yahoo! Slurp/3.0; http://help.yahoo.com/help/us/ysearch/slurp)", "Slurp"),
    ("Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0); 360Spider", "360Spider"),
    ("Mozilla/5.0 (Windows; U; Windows NT 5.1; zh-CN; rv:1.8.0.11) Gecko/20070312 Firefox/1.5.0.11; 360Spider", "360Spider"),
    ("Mozilla/5.0 (compatible; archive.org_bot +http://www.archive.org/details/archive.org_bot)", "archive.org_bot"),
    ("Mozilla/5.0 (compatible; archive.org_bot/heritrix-1.15.4 +http://www.archive.org)", "archive.org_bot"),
    ("Mozilla/5.0 (compatible; PanguBot +https://www.pangutech.com)", "PanguBot"),
    ("Mozilla/5.0 (iPhone; CPU iPhone OS 11_0 like Mac OS X) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/46.0.2988.1545 Mobile Safari/537.36; Bytespider", "Bytespider"),
    ("Mozilla/5.0 (compatible; Timpibot/0.9; +http://www.timpi.io)", "Timpibot"),
    ("Mozilla/5.0 (compatible; DeepSeekBot/1.0; +https://www.deepseek.com/bot)", "DeepSeekBot"),
    ("Mozilla/5.0 (compatible; ChatGLM-Spider/1.0; +https://chatglm.cn/)", "ChatGLM-Spider"),
    ("Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; TikTokSpider; ttspider-feedback@tiktok.com)", "TikTokSpider"),
    ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; LinerBot/1.0; +https://docs.getliner.com/docs/linerbot)", "LinerBot"),
    ("Mozilla/5.0 (compatible; PhindBot; +https://www.phind.com/)", "PhindBot"),
    ("Mozilla/5.0 (Macintosh; Intel Mac OS X 13_0_1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/107.0.0.0 Safari/537.36 ISSCyberRiskCrawler/1.1.4", "ISSCyberRiskCrawler"),
    ("cohere-training-data-crawler (+crawler@cohere.ai)", "cohere-training-data-crawler"),
    ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Amzn-SearchBot/0.1) Chrome/119.0.6045.214 Safari/537.36", "Amzn-SearchBot"),
    ("Mozilla/5.0 (compatible; Amzn-User; +https://developer.amazon.com/)", "Amzn-User"),
    ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-SearchBot/1.0; +https://www.anthropic.com)", "Claude-SearchBot"),
    ("Claude-User (claude-code/2.1.86; +https://support.anthropic.com/)", "Claude-User"),
    ("Mozilla/5.0 (compatible; Google-NotebookLM; +https://notebooklm.google.com/)", "Google-NotebookLM"),
    ("Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.5735.179 Mobile Safari/537.36 (compatible; Google-Safety; +http://www.google.com/bot.html)", "Google-Safety"),
    ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/41.0.2272.118 Safari/537.36 (compatible; Google-Read-Aloud; +https://developers.google.com/search/docs/crawling-indexing/overview-google-crawlers)", "Google-Read-Aloud"),
    ("Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.204 Mobile Safari/537.36 (compatible; Google-CloudVertexBot; +https://cloud.google.com/enterprise-search)", "Google-CloudVertexBot"),
    ("Mozilla/5.0 (iPhone; U; CPU iPhone OS 10_0 like Mac OS X; en-us) AppleWebKit/602.1.38 (KHTML, like Gecko) Version/10.0 Mobile/14A5297c Safari/602.1 (compatible; Mediapartners-Google/2.1; +http://www.google.com/bot.html)", "Mediapartners-Google"),
    ("Mozilla/5.0 (compatible; SeznamBot/3.2-test1; +http://napoveda.seznam.cz/en/seznambot-intro/)", "SeznamBot"),
    ("Mozilla/5.0 (compatible; MJ12bot/v1.4.8; http://mj12bot.com/)", "MJ12bot"),
    ("Mozilla/5.0 (compatible; MojeekBot/0.6; http://www.mojeek.com/bot.html)", "MojeekBot"),
    ("Mozilla/5.0 (compatible; Yeti/1.1; +http://naver.me/bot)", "Yeti"),
    ("Mozilla/5.0 (compatible; DotBot/1.1; http://www.opensiteexplorer.org/dotbot, help@moz.com)", "DotBot"),
    ("Barkrowler/0.9 (+http://www.exensa.com/crawl)", "Barkrowler"),
    ("serpstatbot/1.0 (advanced backlink tracking bot; curl/7.58.0; http://serpstatbot.com/; abuse@serpstatbot.com)", "serpstatbot"),
    ("LinkedInBot/1.0 (compatible; Mozilla/5.0; Jakarta Commons-HttpClient/3.1 +http://www.linkedin.com)", "LinkedInBot"),
    ("Mozilla/5.0 (compatible; OnCrawl/1.0; +http://www.oncrawl.com)", "OnCrawl"),
    ("Mozilla/5.0 (compatible; bnf.fr_bot; +http://bibnum.bnf.fr/robot/bnf.html)", "bnf.fr_bot"),
    ("Mozilla/5.0 (compatible; Cotoyogi/4.0; +https://ds.rois.ac.jp/center8/crawler/)", "Cotoyogi"),
    ("Mozilla/5.0 (compatible; SBIntuitionsBot/0.1; +https://www.sbintuitions.co.jp/bot/)", "SBIntuitionsBot"),
    ("Mozilla/5.0 (iPhone; CPU iPhone OS 8_1 like Mac OS X) AppleWebKit/600.1.4 (KHTML, like Gecko) Version/8.0 Mobile/12B411 Safari/600.1.4 (compatible; YandexMobileBot/3.0; +http://yandex.com/bots)", "YandexMobileBot"),
    ("Mozilla/5.0 (compatible; YandexRenderResourcesBot/1.0; +http://yandex.com/bots) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/108.0.0.0", "YandexRenderResourcesBot"),
    ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)", "PerplexityBot"),
    ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)", "Perplexity-User"),
    ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)", "ClaudeBot"),
    ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.0; +https://openai.com/gptbot)", "GPTBot"),
    ("TelegramBot (like TwitterBot)", "TelegramBot"),
    ("Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)", "Slackbot"),
    ("Slackbot 1.0 (+https://api.slack.com/robots)", "Slackbot"),
    ("Mozilla/5.0 (compatible;PetalBot;+https://webmaster.petalsearch.com/site/petalbot)", "PetalBot"),
    ("Scrapy/1.0.3 (+http://scrapy.org)", "Scrapy"),
    // The logged headers the 2026-11-28 comparison read for entries that had
    // been unverified (up to three per crawler; commit 7c7f9f2).
    ("Googlebot-Video/1.0", "Googlebot-Video"),
    ("GoogleOther", "GoogleOther"),
    ("Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 (compatible; Google-CloudVertexBot; +https://cloud.google.com/enterprise-search)", "Google-CloudVertexBot"),
    ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Google-CloudVertexBot; +https://cloud.google.com/enterprise-search) Chrome/W.X.Y.Z Safari/537.36", "Google-CloudVertexBot"),
    ("AdsBot-Google (+http://www.google.com/adsbot.html)", "AdsBot-Google"),
    ("Mozilla/5.0 (iPhone; U; CPU iPhone OS 4_1 like Mac OS X; en-us) AppleWebKit/532.9 (KHTML, like Gecko) Version/4.0.5 Mobile/8B117 Safari/6531.22.7 (compatible; Mediapartners-Google/2.1; +http://www.google.com/bot.html)", "Mediapartners-Google"),
    ("MicrosoftPreview/2.0; +https://aka.ms/MicrosoftPreview", "MicrosoftPreview"),
    ("Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)", "Slurp"),
    ("Mozilla/5.0 (compatible; SeznamBot/3.2-test1-1; +http://napoveda.seznam.cz/en/seznambot-intro/)", "SeznamBot"),
    ("Mozilla/5.0 (compatible; SeznamBot/3.2-test2; +http://napoveda.seznam.cz/en/seznambot-intro/)", "SeznamBot"),
    ("Mozilla/5.0 (compatible; SeznamBot/3.2-test4; +http://napoveda.seznam.cz/en/seznambot-intro/)", "SeznamBot"),
    ("Mozilla/5.0 (Windows NT 6.1) AppleWebKit/537.1 (KHTML, like Gecko) Chrome/21.0.1180.89 Safari/537.1; 360Spider", "360Spider"),
    ("Mozilla/5.0 (Windows NT 6.1) AppleWebKit/537.1 (KHTML, like Gecko) Chrome/21.0.1180.89 Safari/537.1; 360Spider(compatible; HaosouSpider; http://www.haosou.com/help/help_3_2.html)", "360Spider"),
    ("Mozilla/5.0 (Windows NT 6.2) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/31.0.1650.63 Safari/537.36 QIHU 360SE; 360Spider", "360Spider"),
    ("Mozilla/5.0 (compatible; FacebookBot/1.0; +https://developers.facebook.com/docs/sharing/webmasters/facebookbot/)", "FacebookBot"),
    ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; MistralAI-User/1.0; +https://docs.mistral.ai/robots)", "MistralAI-User"),
    ("AI2Bot", "AI2Bot"),
    ("omgili/0.5 +http://omgili.com", "omgili"),
    ("Mozilla/5.0 (compatible; archive.org_bot +http://archive.org/details/archive.org_bot)", "archive.org_bot"),
    ("Mozilla/5.0 (compatible; archive.org_bot; Wayback Machine Live Record; +http://archive.org/details/archive.org_bot)", "archive.org_bot"),
    ("Arquivo-web-crawler (compatible; +https://arquivo.pt/robot)", "Arquivo-web-crawler"),
    ("Mozilla/5.0 (compatible; SiteAuditBot/1.1; +https://siteauditbot.com)", "SiteAuditBot"),
    ("Mozilla/5.0 (compatible; rogerBot/1.0; UrlCrawler; http://www.seomoz.org/dp/rogerbot)", "rogerbot"),
    ("rogerbot/1.0 (http://moz.com/help/pro/what-is-rogerbot-, rogerbot-crawler+partager@moz.com)", "rogerbot"),
    ("rogerbot/1.0 (http://moz.com/help/pro/what-is-rogerbot-, rogerbot-crawler+shiny@moz.com)", "rogerbot"),
    ("Mozilla/5.0 (compatible; BLEXBot/1.0; +http://webmeup-crawler.com/)", "BLEXBot"),
    ("Mozilla/5.0 (compatible; DataForSeoBot/1.0; +https://dataforseo.com/dataforseo-bot)", "DataForSeoBot"),
    ("serpstatbot/1.0 (advanced backlink tracking bot; http://serpstatbot.com/; abuse@serpstatbot.com)", "serpstatbot"),
    ("Barkrowler/0.5.1 (experimenting / debugging - sorry for your logs ) http://www.exensa.com/crawl - admin@exensa.com -- based on BuBiNG", "Barkrowler"),
    ("Barkrowler/0.7 (+http://www.exensa.com/crawl)", "Barkrowler"),
    ("BarkRowler/0.7 (+http://www.exensa.com/crawling)", "Barkrowler"),
    ("Twitterbot/0.1", "Twitterbot"),
    ("Twitterbot/1.0", "Twitterbot"),
    ("LinkedInBot/1.0 (compatible; Mozilla/5.0; Jakarta Commons-HttpClient/4.3 +http://www.linkedin.com)", "LinkedInBot"),
    ("LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)", "LinkedInBot"),
    ("Slackbot-LinkExpanding (+https://api.slack.com/robots)", "Slackbot"),
    ("Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)", "Discordbot"),
    ("Mozilla/5.0 (Linux; Android 7.0; SM-G930V Build/NRD90M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/59.0.3071.125 Mobile Safari/537.36 (compatible; Google-Read-Aloud; +https://developers.google.com/search/docs/crawling-indexing/overview-google-crawlers)", "Google-Read-Aloud"),
    ("Mozilla/5.0 (compatible; Google-Site-Verification/1.0)", "Google-Site-Verification"),
    ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.5735.179 Safari/537.36 (compatible; Google-Safety; +http://www.google.com/bot.html)", "Google-Safety"),
    ("Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5 Build/MRA58N) AppleWebKit/537.36(KHTML, like Gecko) Chrome/69.0.3464.0 Mobile Safari/537.36 Chrome-Lighthouse", "Chrome-Lighthouse"),
    ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36(KHTML, like Gecko) Chrome/69.0.3464.0 Safari/537.36 Chrome-Lighthouse", "Chrome-Lighthouse"),
    ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/74.0.3694.0 Safari/537.36 Chrome-Lighthouse", "Chrome-Lighthouse"),
    ("Mozilla/5.0 (compatible; DuckDuckGo-Favicons-Bot/1.0; +http://duckduckgo.com)", "DuckDuckGo-Favicons-Bot"),
    ("Mozilla/5.0 (compatible; YandexCalendar/1.0; +http://yandex.com/bots)", "YandexCalendar"),
    ("Mozilla/5.0 (compatible; coccocbot-web/1.0; +http://help.coccoc.com/searchengine)", "coccocbot-web"),
    ("Mozilla/5.0 (compatible; coccocbot-image/1.0; +http://help.coccoc.com/searchengine)", "coccocbot-image"),
    ("Mozilla/5.0 (compatible; Daum/4.1; +http://cs.daum.net/faq/15/4118.html?faqId=28966)", "Daum"),
    ("Mozilla/5.0 (compatible; SeekportBot; +https://bot.seekport.com)", "SeekportBot"),
    ("Mozilla/5.0 (compatible; ImagesiftBot; +imagesift.com)", "ImagesiftBot"),
    ("Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:72.0) Gecko/20100101 Firefox/72.0 (compatible; img2dataset; +https://github.com/rom1504/img2dataset)", "img2dataset"),
    ("ICC-Crawler/2.0 (Mozilla-compatible; ; http://ucri.nict.go.jp/en/icccrawler.html)", "ICC-Crawler"),
    ("VelenPublicWebCrawler (velen.io)", "VelenPublicWebCrawler"),
    ("Mozilla/5.0 (compatible; FirecrawlAgent; +https://firecrawl.dev/)", "FirecrawlAgent"),
    ("Mozilla/5.0 (compatible; aiHitBot/2.9; +https://www.aihitdata.com/about)", "aiHitBot"),
    ("Mozilla/5.0 (compatible; SEOkicks; +https://www.seokicks.de/robot.html)", "SEOkicks"),
    ("SeobilityBot (SEO Tool; https://www.seobility.net/sites/bot.html)", "SeobilityBot"),
    ("Mozilla/5.0 (iPhone; CPU iPhone OS 8_3 like Mac OS X) AppleWebKit/600.1.4 (KHTML, like Gecko) Version/8.0 Mobile/12F70 Safari/600.1.4 (compatible; OnCrawl/1.0; +http://www.oncrawl.com)", "OnCrawl"),
    ("ZoominfoBot (zoominfobot at zoominfo dot com)", "ZoominfoBot"),
    ("TurnitinBot (https://turnitin.com/robot/crawlerinfo.html)", "TurnitinBot"),
    ("magpie-crawler/1.1 (U; Linux amd64; en-GB; +http://www.brandwatch.net)", "magpie-crawler"),
    ("Mozilla/5.0 (compatible; heritrix/1.12.1 +http://www.webarchiv.cz)", "heritrix"),
    ("Mozilla/5.0 (compatible; heritrix/1.12.1b +http://netarkivet.dk/website/info.html)", "heritrix"),
    ("Mozilla/5.0 (compatible; heritrix/1.14.2 +http://rjpower.org)", "heritrix"),
    ("Mozilla/5.0 (compatible; bnf.fr_bot; +http://www.bnf.fr/fr/outils/a.dl_web_capture_robot.html)", "bnf.fr_bot"),
    ("ArchiveTeam ArchiveBot/20170106.02 (wpull 2.0.2)", "ArchiveBot"),
    ("WhatsApp", "WhatsApp"),
    ("WhatsApp/0.3.4479 N", "WhatsApp"),
    ("WhatsApp/0.3.4679 N", "WhatsApp"),
    ("Mozilla/5.0 (compatible; redditbot/1.0; +http://www.reddit.com/feedback)", "redditbot"),
    ("Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5", "SkypeUriPreview"),
    ("Embedly +support@embed.ly", "Embedly"),
    ("Mozilla/5.0 (compatible; Embedly/0.2; +http://support.embed.ly/)", "Embedly"),
    ("Mozilla/5.0 (compatible; Embedly/0.2; snap; +http://support.embed.ly/)", "Embedly"),
    ("Iframely/1.3.1 (+https://iframely.com/docs/about) Atlassian", "Iframely"),
    ("Mozilla/5.0 (compatible; vkShare; +http://vk.com/dev/Share)", "vkShare"),
    ("http.rb/2.2.2 (Mastodon/1.5.1; +https://example-masto-instance.org/)", "Mastodon"),
    ("Mozilla/5.0+(compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)", "UptimeRobot"),
    ("Uptime-Kuma/1.23.16", "Uptime-Kuma"),
    ("Uptime-Kuma/1.23.15", "Uptime-Kuma"),
    ("Uptime-Kuma/1.23.14", "Uptime-Kuma"),
    ("Mozilla/5.0 (compatible; CensysInspect/1.1; +https://about.censys.io/)", "CensysInspect"),
    ("Mozilla/5.0 (compatible; NetcraftSurveyAgent/1.0; +info@netcraft.com)", "NetcraftSurveyAgent"),
    ("W3C_Validator/1.3", "W3C_Validator"),
    ("W3C-checklink/2.90 libwww-perl/5.64", "W3C-checklink"),
    ("W3C-checklink/3.6.2.3 libwww-perl/5.64", "W3C-checklink"),
    ("W3C-checklink/4.2 [4.20] libwww-perl/5.803", "W3C-checklink"),
];

/// Browsers' own headers: no crawler token at all.
const BROWSERS: &[&str] = &[
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
    "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
    "Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/27.0 Chrome/125.0.0.0 Mobile Safari/537.36",
    "Mozilla/5.0 (Windows Phone 8.1; ARM; Trident/7.0; Touch; rv:11.0; IEMobile/11.0; NOKIA; Lumia 530) like Gecko",
    "Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.1; Trident/6.0)",
];

/// Checks one header: its token, and its registry crawler (none for a candidate).
fn expect(header: &str, token: &str) {
    let found =
        token_of_header(header.as_bytes()).unwrap_or_else(|| panic!("no token in {header:?}"));
    assert_eq!(String::from_utf8_lossy(found.token), token, "{header}");
    if CANDIDATES.contains(&token.to_ascii_lowercase()) {
        assert!(
            registry::crawler(token).is_none(),
            "{token} is in both files"
        );
        assert_eq!(
            (found.source, found.crawler),
            (TokenSource::ProductToken, None),
            "{header}"
        );
        return;
    }
    let crawler =
        registry::crawler(token).unwrap_or_else(|| panic!("{token} is no registry crawler"));
    assert_eq!(
        found.crawler.map(|c| c.token),
        Some(crawler.token),
        "{header}"
    );
}

#[test]
fn operators_published_headers_give_their_tokens() {
    let mut read = 0;
    for (page, headers) in PUBLISHED {
        for &(header, token) in *headers {
            expect(header, token);
            read += 1;
        }
        // The page is the source of a crawler it names.
        assert!(
            registry::CRAWLERS.iter().any(|c| c.source == *page),
            "{page} is no entry's source"
        );
    }
    assert!(read >= 45, "{read} published headers");
}

#[test]
fn logged_headers_give_their_tokens() {
    for &(header, token) in LOGGED {
        expect(header, token);
    }
}

#[test]
fn a_documented_form_wins_over_the_first_product() {
    // `facebookcatalog` is no token of its own: Meta lists the header under
    // facebookexternalhit, and only the documented form says so.
    let found = token_of_header(b"facebookcatalog/1.0").unwrap();
    assert_eq!(found.source, TokenSource::DocumentedForm);
    // A header whose first product is another crawler's name stays with its own crawler.
    let feedly = token_of_header(
        b"Feedly/1.0 (+http://www.feedly.com/fetcher.html; like FeedFetcher-Google)",
    )
    .unwrap();
    assert_eq!(feedly.token, b"Feedly");
}

#[test]
fn browsers_send_no_crawler_token() {
    for header in BROWSERS {
        assert!(token_of_header(header.as_bytes()).is_none(), "{header}");
    }
}

#[test]
fn an_unknown_bot_gives_its_own_token_and_no_crawler() {
    for (header, token) in [
        ("Mozilla/5.0 (compatible; NoSuchCrawlerXyz/1.0; +https://example.com/bot)", "NoSuchCrawlerXyz"),
        ("NoSuchCrawlerXyz/2.3 (+https://example.com/bot)", "NoSuchCrawlerXyz"),
        ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; NoSuchCrawlerXyz/0.1) Chrome/131.0.0.0 Safari/537.36", "NoSuchCrawlerXyz"),
        ("curl/8.5.0", "curl"),
        ("python-requests/2.32.3", "python-requests"),
    ] {
        let found = token_of_header(header.as_bytes()).unwrap();
        assert_eq!(String::from_utf8_lossy(found.token), token, "{header}");
        assert_eq!((found.source, found.crawler), (TokenSource::ProductToken, None), "{header}");
    }
}

#[test]
fn candidates_headers_give_their_own_token_and_no_crawler() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("candidates.toml");
    let table: toml::Table =
        toml::from_str(&std::fs::read_to_string(path).expect("read candidates.toml")).unwrap();
    let mut read = 0;
    for c in table["crawler"].as_array().unwrap() {
        let token = c["token"].as_str().unwrap();
        for form in c
            .get("headers")
            .and_then(toml::Value::as_array)
            .into_iter()
            .flatten()
        {
            // The form with a version where it has a `*`, as a request carries it.
            expect(&form.as_str().unwrap().replace('*', "2.0"), token);
            read += 1;
        }
    }
    assert!(read >= CANDIDATES.len(), "{read} candidate headers");
}
