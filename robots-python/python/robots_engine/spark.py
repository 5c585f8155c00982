"""Apache Spark: robots.txt verdicts as a vectorised column function.

``robots_allowed(robots_col, url_col, agent=...)`` is a pandas UDF (Arrow
batches between the JVM and Python): each batch is grouped by robots.txt
body, each distinct body is parsed once, and its URLs are checked with
:meth:`robots_engine.Matcher.allowed_many`, which releases the GIL.

>>> df.withColumn("allowed", robots_allowed("robots_body", "url", agent="MyBot"))  # doctest: +SKIP

It works as well on a join of URLs with a table of ``(origin, robots.txt)``::

    urls.join(robots, "origin").withColumn("allowed", robots_allowed("robots", "url", agent="MyBot"))

Bodies may be ``binary`` or ``string`` columns; a null body means "no
robots.txt" (everything allowed), a null URL gives a null verdict.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from robots_engine._native import Policy

if TYPE_CHECKING:
    from pyspark.sql import Column

__all__ = ["robots_allowed", "allowed_series"]


def allowed_series(bodies: pd.Series, urls: pd.Series, agent: str, profile: str = "google") -> pd.Series:
    """The verdicts for one batch: ``agent`` on each ``urls[i]`` under ``bodies[i]``.

    The plain-pandas core of :func:`robots_allowed`, usable without Spark.
    """
    out = np.ones(len(urls), dtype=bool)
    url_null = urls.isna().to_numpy()
    # Null bodies get code -1 and keep True: no robots.txt allows everything.
    codes, uniques = pd.factorize(bodies)
    url_values = urls.to_numpy(dtype=object)
    for code, body in enumerate(uniques):
        rows = np.flatnonzero((codes == code) & ~url_null)
        if rows.size == 0:
            continue
        matcher = Policy(body, profile).matcher(agent)
        out[rows] = matcher.allowed_many(url_values[rows])
    result = pd.Series(out, index=urls.index, dtype="boolean")
    result[url_null] = pd.NA
    return result


def robots_allowed(robots_col: str | Column, url_col: str | Column, agent: str, profile: str = "google") -> Column:
    """A boolean column: may ``agent`` fetch ``url_col`` under ``robots_col``?"""
    from pyspark.sql.functions import pandas_udf

    @pandas_udf("boolean")  # type: ignore[call-overload]
    def _allowed(bodies: pd.Series, urls: pd.Series) -> pd.Series:
        return allowed_series(bodies, urls, agent, profile)

    return _allowed(robots_col, url_col)
