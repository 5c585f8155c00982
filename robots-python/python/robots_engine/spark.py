"""Apache Spark: robots.txt verdicts for DataFrames of URLs.

The cost that matters in Spark is what crosses between the JVM and the
Python workers, row by row. A robots.txt is a few kilobytes and a site has many
URLs, so the body must not travel with every URL row: each robots.txt is
shipped and parsed once, and URL rows carry only their site's key.

**Recommended**: :func:`robots_allowed_by_origin`, a column function keyed by
origin. The ``(origin, robots.txt)`` table is broadcast once; each Python
worker compiles a site's robots.txt the first time it meets the site and keeps
it for the worker's life; each Arrow batch of ``(origin, url)`` is checked in
one native call (:func:`robots_engine.allowed_by_key`, GIL released)::

    from robots_engine.spark import robots_allowed_by_origin

    allowed = robots_allowed_by_origin("origin", "url", robots_df, agent="MyBot")
    urls_df.withColumn("allowed", allowed)

``robots_df`` has columns ``origin`` and ``robots`` (binary or string; other
names with ``origin=`` / ``body=``), or is a dict ``{origin: body}``. It is
collected on the driver, so it must fit in memory there and on each executor.
To check several agents, or run several jobs, broadcast it once with
:func:`broadcast_robots` and pass the broadcast: each worker then compiles each
site once for all of them.

**When the robots.txt table is too large to broadcast**: :func:`allowed_by_origin`
co-groups the URLs with the robots.txt table by origin (a shuffle), so each
body is read once per group, on the executor that holds the group::

    from robots_engine.spark import allowed_by_origin

    allowed_by_origin(urls_df, robots_df, agent="MyBot")  # urls_df + an "allowed" column

**Row-wise bodies**: :func:`robots_allowed` takes the body as a column of the
same row (``urls.join(robots, "origin")``). It is the simplest to write and
the slowest: every row ships its site's whole robots.txt to Python.

**Spark SQL**: :func:`register_sql_functions` registers the functions of the
DuckDB extension under the same names (``robots_allowed``, ``robots_explain``,
``robots_access``, ``robots_token``, ``robots_records``,
``robots_content_usage``, ``robots_lint``, ``robots_report``,
``robots_compile`` with the keyed forms; see
:mod:`robots_engine.sql`), as Arrow UDFs, so a query written for DuckDB runs
on a cluster::

    from robots_engine.spark import register_sql_functions

    register_sql_functions(spark)
    spark.sql("SELECT host, robots_access(body, 'GPTBot').kind FROM robots")

In every form, a site with no robots.txt (no row in the table, or a null
body) allows everything, and a null URL gives a null verdict. Verdicts use the
``google`` profile unless ``profile=`` says otherwise.
"""

from __future__ import annotations

import threading
import weakref
from typing import TYPE_CHECKING, Any, Callable, Hashable, Mapping, TypeVar, Union

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from robots_engine._native import Matcher, Policy, allowed_by_key

if TYPE_CHECKING:
    from pyspark import Broadcast
    from pyspark.sql import Column, DataFrame
    from pyspark.sql.types import StructType

__all__ = [
    "SQL_TYPES",
    "register_sql_functions",
    "allowed_by_origin",
    "broadcast_robots",
    "allowed_series",
    "origin_allowed",
    "robots_allowed",
    "robots_allowed_by_origin",
    "worker_cached",
]

T = TypeVar("T")
Body = Union[bytes, str]


# --- Keyed by origin, robots.txt table broadcast (recommended) --------------------


def robots_allowed_by_origin(
    origin_col: str | Column,
    url_col: str | Column,
    robots: DataFrame | Mapping[str, Body | None] | Broadcast,
    agent: str,
    profile: str = "google",
    *,
    origin: str = "origin",
    body: str = "robots",
) -> Column:
    """A boolean column: may ``agent`` fetch ``url_col`` under its origin's robots.txt?

    ``robots`` maps origins to robots.txt bodies: a DataFrame with columns
    ``origin`` and ``body`` (collected on the driver), a dict, or a broadcast
    of such a dict (:func:`broadcast_robots`), which columns for several
    agents, and several jobs, can share. Each worker compiles each site's body
    once per broadcast, agent and profile.
    """
    shared = robots if _is_broadcast(robots) else broadcast_robots(robots, origin=origin, body=body)

    def allowed(origins: pa.Array, urls: pa.Array) -> pa.Array:
        matchers = worker_cached(shared, lambda b: _matcher(b, agent, profile), key=(agent, profile))
        return origin_allowed(origins, urls, matchers.get)

    return _arrow_udf(allowed, "boolean")(origin_col, url_col)


def broadcast_robots(
    robots: DataFrame | Mapping[str, Body | None], *, origin: str = "origin", body: str = "robots"
) -> Broadcast:
    """The ``{origin: body}`` table as a Spark broadcast, for
    :func:`robots_allowed_by_origin` (a DataFrame is collected on the driver)."""
    from pyspark.sql import DataFrame as SparkDataFrame
    from pyspark.sql import SparkSession

    if isinstance(robots, SparkDataFrame):
        bodies = {row[0]: row[1] for row in robots.select(origin, body).collect()}
    else:
        bodies = dict(robots)
    spark = SparkSession.getActiveSession()
    if spark is None:
        raise RuntimeError("broadcasting the robots.txt table needs an active SparkSession")
    return spark.sparkContext.broadcast(bodies)


def _is_broadcast(value: Any) -> bool:
    from pyspark import Broadcast

    return isinstance(value, Broadcast)


def origin_allowed(origins: Any, urls: Any, matcher_of: Callable[[str], Matcher | None]) -> pa.Array:
    """The verdicts for one batch of ``(origin, url)``: ``matcher_of(origin)``
    checks the URLs of each origin (``None``: no robots.txt, all allowed).

    The plain-Arrow core of :func:`robots_allowed_by_origin`, usable without
    Spark. ``origins`` and ``urls`` are Arrow string arrays (or anything
    ``pyarrow.array`` takes); a null URL gives a null verdict, a null origin is
    a site with no robots.txt.
    """
    encoded = pc.dictionary_encode(_flat(origins).fill_null(""))
    matchers = [matcher_of(name) for name in encoded.dictionary.to_pylist()]
    return _keyed_verdicts(matchers, encoded.indices, _flat(urls))


def _keyed_verdicts(matchers: list[Matcher | None], keys: Any, urls: pa.Array | pa.ChunkedArray) -> pa.Array:
    """``allowed_by_key`` with Arrow nulls: a null URL gives a null verdict."""
    if not urls.null_count:
        return pa.array(allowed_by_key(matchers, keys, urls))
    verdicts = allowed_by_key(matchers, keys, urls.fill_null(""))
    return pa.array(verdicts, mask=urls.is_null().to_numpy(zero_copy_only=False))


class _Cache:
    """Objects built from one broadcast's values, kept for the worker's life."""

    def __init__(self, values: Mapping[str, Any], build: Callable[[Any], Any]):
        self._values = values
        self._build = build
        self._built: dict[str, Any] = {}

    def get(self, key: str) -> Any:
        try:
            return self._built[key]
        except KeyError:
            value = self._values.get(key)
            built = None if value is None else self._build(value)
            self._built[key] = built
            return built


# Keyed by the worker's Broadcast object (one per broadcast and process, held
# by PySpark's broadcast registry), so the caches live as long as the broadcast,
# then by what is built from it.
_caches: weakref.WeakKeyDictionary[Any, dict[Hashable, _Cache]] = weakref.WeakKeyDictionary()
_caches_lock = threading.Lock()


def worker_cached(shared: Broadcast, build: Callable[[Any], T], key: Hashable = None) -> _Cache:
    """A per-process cache over a broadcast dict: ``.get(name)`` builds
    ``build(shared.value[name])`` the first time a name is asked for in this
    Python worker (``None`` when the name is absent or its value is ``None``),
    then hands out the same object. ``key`` tells apart caches of different
    builds over one broadcast (say, one per agent).

    Python workers are reused across tasks and jobs (Spark's default), so each
    value is built once per worker, not once per task or batch.
    """
    with _caches_lock:
        caches = _caches.get(shared)
        if caches is None:
            caches = _caches[shared] = {}
        cache = caches.get(key)
        if cache is None:
            cache = caches[key] = _Cache(shared.value, build)
        return cache


def _matcher(body: Body, agent: str, profile: str) -> Matcher:
    return Policy(body, profile).matcher(agent)


def _flat(values: Any) -> pa.Array:
    """One Arrow array from an array, a chunked array, or a sequence."""
    if isinstance(values, pa.ChunkedArray):
        return values.combine_chunks()
    if isinstance(values, pa.Array):
        return values
    if isinstance(values, pd.Series):
        return pa.Array.from_pandas(values)
    return pa.array(values)


def _arrow_udf(fn: Callable[[pa.Array, pa.Array], pa.Array], return_type: str):
    """An Arrow UDF (Spark >= 4.1), else the same function as a pandas UDF."""
    from pyspark.sql import functions as F

    if hasattr(F, "arrow_udf"):

        def arrow_fn(a: pa.Array, b: pa.Array) -> pa.Array:
            return fn(a, b)

        return F.arrow_udf(arrow_fn, return_type)

    def pandas_fn(a: pd.Series, b: pd.Series) -> pd.Series:
        return fn(pa.Array.from_pandas(a), pa.Array.from_pandas(b)).to_pandas(types_mapper=pd.ArrowDtype)

    return F.pandas_udf(pandas_fn, return_type)  # type: ignore[call-overload]


# --- Keyed by origin, co-grouped (robots.txt tables of any size) -----------------


def allowed_by_origin(
    urls: DataFrame,
    robots: DataFrame,
    agent: str,
    profile: str = "google",
    *,
    origin: str = "origin",
    url: str = "url",
    body: str = "robots",
    output: str = "allowed",
) -> DataFrame:
    """``urls`` with a boolean column ``output``: may ``agent`` fetch each URL?

    URLs and robots.txt bodies are co-grouped by ``origin`` (Spark >= 4.0,
    ``cogroup().applyInArrow``): each group's body is parsed once, on the
    executor that holds the group, and its URLs are checked in one native call.
    ``robots`` has one row per origin (a later row of the same origin is ignored).
    """
    schema = _with_allowed(urls.schema, output)

    def check(url_rows: pa.Table, robots_rows: pa.Table) -> pa.Table:
        bodies = robots_rows.column(body)
        first = bodies[0].as_py() if len(bodies) else None
        matcher = None if first is None else Policy(first, profile).matcher(agent)
        keys = np.zeros(url_rows.num_rows, dtype=np.int64)
        return url_rows.append_column(output, _keyed_verdicts([matcher], keys, url_rows.column(url)))

    return urls.groupBy(origin).cogroup(robots.groupBy(origin)).applyInArrow(check, schema)


def _with_allowed(schema: StructType, output: str) -> StructType:
    """``schema`` and a boolean column (a new schema: ``StructType.add`` would
    change the DataFrame's own)."""
    from pyspark.sql.types import BooleanType, StructField, StructType

    return StructType([*schema.fields, StructField(output, BooleanType())])


# --- Row-wise bodies ------------------------------------------------------------


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
    """A boolean column: may ``agent`` fetch ``url_col`` under ``robots_col``
    (the body, in the same row)? Prefer :func:`robots_allowed_by_origin`."""
    from pyspark.sql.functions import pandas_udf

    @pandas_udf("boolean")  # type: ignore[call-overload]
    def _allowed(bodies: pd.Series, urls: pd.Series) -> pd.Series:
        return allowed_series(bodies, urls, agent, profile)

    return _allowed(robots_col, url_col)


# --- Spark SQL: the DuckDB extension's functions ---------------------------------

_EXPLAIN = (
    "struct<allowed:boolean,reason:string,line:int,directive:string,pattern:string,"
    "rule:string,path:string,selection:string,tie_break:string>"
)
_ACCESS = (
    "struct<kind:string,allowed_path:string,allowed_line:int,disallowed_path:string,"
    "disallowed_line:int,reason:string>"
)
_RECORD = "struct<line:int,directive:string,value:string,group:int,valid:boolean>"
_FINDING = "struct<code:string,severity:string,line:int,column:int,message:string>"
_CRAWLER = (
    "struct<token:string,operator:string,purpose:string,applies:string,group_token:string,"
    "root_allowed:boolean,access:string,allowed_path:string,allowed_line:int,"
    "disallowed_path:string,disallowed_line:int,allowed_share:double,"
    "crawl_delay_seconds:double,robots_txt:string>"
)

#: Each SQL function's Spark result type (the Arrow types of :mod:`robots_engine.sql`).
SQL_TYPES = {
    "robots_allowed": "boolean",
    "robots_explain": _EXPLAIN,
    "robots_content_usage": "struct<train_ai:boolean,search:boolean>",
    "robots_access": _ACCESS,
    "robots_token": "string",
    "robots_records": f"array<{_RECORD}>",
    "robots_lint": f"array<{_FINDING}>",
    "robots_report": f"array<{_CRAWLER}>",
    # A key: in DuckDB a UBIGINT naming a compiled body, here the body itself
    # and its profile (executors share no registry); see robots_engine.sql.
    "robots_compile": "struct<body:binary,profile:string>",
}


def _sql_udf(name: str):
    """The Arrow UDF of SQL function ``name``: it takes its text columns and,
    optionally, a profile column (Spark passes what the query gives)."""
    from pyspark.sql import functions as F
    from pyspark.sql.functions import ArrowUDFType

    from robots_engine.sql import FUNCTIONS

    function, texts, takes_profile, _ = FUNCTIONS[name]

    def call(*columns: pa.Array) -> pa.Array:
        if len(columns) < texts or len(columns) > texts + int(takes_profile):
            arity = f"{texts} or {texts + 1}" if takes_profile else str(texts)
            raise TypeError(f"{name} takes {arity} arguments, not {len(columns)}")
        return function(*columns)

    call.__name__ = name
    return F.arrow_udf(call, SQL_TYPES[name], ArrowUDFType.SCALAR)


def register_sql_functions(spark: Any) -> list[str]:
    """Register the robots.txt SQL functions with ``spark`` (a SparkSession),
    under the DuckDB extension's names; the names registered.

    Each is an Arrow UDF (Spark >= 4.1): a batch of rows crosses to the
    Python worker as Arrow columns, and each distinct (body, profile) of the
    batch is parsed once. As in DuckDB, the profile is an optional last
    argument (``google`` when omitted) and a null argument gives a null row.
    """
    names = list(SQL_TYPES)
    for name in names:
        spark.udf.register(name, _sql_udf(name))
    return names
