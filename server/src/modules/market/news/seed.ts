// Demo news for a fresh database: a few articles marked `sample`, whose text says plainly
// that it is sample text about the simulated market, so nobody mistakes it for news.
import { eq } from 'drizzle-orm';
import type { Clock } from '../../../clock';
import type { Database } from '../../../db/client';
import type { LocalisedText } from '../../../db/columns';
import { newsArticles } from '../schema';
import { createArticle } from './store';

interface SampleArticle {
  title: LocalisedText;
  body: LocalisedText;
  codes: string[];
}

const NOTE: LocalisedText = {
  tw: '<p><em>【範例文字】本文為示範用的範例內容，並非真實新聞；文中行情均為模擬。</em></p>',
  jp: '<p><em>【サンプル文章】これはデモ用のサンプルであり、実際のニュースではありません。相場はすべてシミュレーションです。</em></p>',
  en: '<p><em>[Sample text] This is demo content, not real news; every price mentioned is simulated.</em></p>',
};

export const SAMPLE_ARTICLES: readonly SampleArticle[] = [
  {
    title: {
      tw: '【範例】模擬市場：汽車類股早盤走強',
      jp: '【サンプル】シミュレーション市場：自動車株が前場で堅調',
      en: '[Sample] Simulated market: carmakers firm in the morning session',
    },
    body: {
      tw: '<p>模擬東證的早盤中，汽車類股成交活躍，豐田汽車（7203）在開盤集合競價後小幅走高。</p><p>所有價格均由Kabuto的模擬器產生，僅供示範。</p>',
      jp: '<p>シミュレーション東証の前場では自動車株の売買が活発で、トヨタ自動車（7203）は寄り付きの板寄せ後に小幅高となりました。</p><p>価格はすべてKabutoのシミュレーターが生成したもので、デモ専用です。</p>',
      en: '<p>In the simulated TSE morning session carmakers traded actively; Toyota Motor (7203) edged higher after the opening Itayose auction.</p><p>All prices come from Kabuto’s simulator and are for demonstration only.</p>',
    },
    codes: ['7203'],
  },
  {
    title: {
      tw: '【範例】如何閱讀最佳五檔買賣報價',
      jp: '【サンプル】気配値（5本の板）の見方',
      en: '[Sample] How to read the best five bids and asks',
    },
    body: {
      tw: '<p>個股詳情頁會顯示最佳五檔買價與賣價，以及每一檔的委託數量。</p><ul><li>買價由高至低排列</li><li>賣價由低至高排列</li></ul><p>當成交價變動過大時，可能出現特別報價（特別気配）。</p>',
      jp: '<p>銘柄詳細画面には、買い気配と売り気配の上位5本とその数量が表示されます。</p><ul><li>買い気配は高い順</li><li>売り気配は安い順</li></ul><p>約定値が大きく動きすぎる場合は特別気配が表示されることがあります。</p>',
      en: '<p>The stock detail page shows the best five bid and ask prices with the quantity waiting at each.</p><ul><li>Bids from the highest down</li><li>Asks from the lowest up</li></ul><p>When a trade would move the price too far, a special quote may be shown instead.</p>',
    },
    codes: [],
  },
  {
    title: {
      tw: '【範例】ETF排行：指數型ETF成交額居前',
      jp: '【サンプル】ETFランキング：指数連動型ETFが売買代金上位に',
      en: '[Sample] ETF ranking: index ETFs lead turnover',
    },
    body: {
      tw: '<p>在模擬市場中，TOPIX連動型ETF（1306）與日經225連動型ETF（1321）的成交額名列前茅。</p>',
      jp: '<p>シミュレーション市場では、TOPIX連動型ETF（1306）と日経225連動型ETF（1321）が売買代金の上位となりました。</p>',
      en: '<p>In the simulated market the TOPIX ETF (1306) and the Nikkei 225 ETF (1321) were among the most traded by value.</p>',
    },
    codes: ['1306', '1321'],
  },
];

/** Publishes the sample articles once (nothing when any sample article exists). */
export async function seedSampleNews(db: Database, clock: Clock): Promise<number> {
  const [existing] = await db.select({ id: newsArticles.id }).from(newsArticles).where(eq(newsArticles.sample, true)).limit(1);
  if (existing) return 0;
  for (const a of SAMPLE_ARTICLES) {
    const body: LocalisedText = { tw: NOTE.tw + a.body.tw, jp: NOTE.jp + a.body.jp, en: NOTE.en + a.body.en };
    await createArticle(db, clock, { title: a.title, body, source: '', codes: a.codes, sample: true }, 'seed', true);
  }
  return SAMPLE_ARTICLES.length;
}
