"""Win-rate statistics over many deals through any concurrent.futures.Executor."""

from patience.stats.runner import analyse_deal, run_deals
from patience.stats.summary import Summary, summarise, wilson

__all__ = ["Summary", "analyse_deal", "run_deals", "summarise", "wilson"]
