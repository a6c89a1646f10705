"""Network files (docs/NETWORK.md): write and read them with numpy alone.

The layout is safetensors': an 8-byte little-endian header length, the
header as JSON, then the tensors' float32 bytes.  The header's
``__metadata__`` says what the network is (an MLP with these hidden widths)
and what it was made for (the encoding's and the action ids' versions), and
the command that trained it; `jamaica` refuses a file made for another
encoding, and so does read() here.

    >>> from jamaica import netfile
    >>> arrays = netfile.random_mlp([64, 64], seed=0)
    >>> netfile.write("net.jmn", arrays, command="by hand")
    >>> meta, arrays = netfile.read("net.jmn")
"""
import json
import struct

import numpy as np

from . import outfile

FORMAT = "jamaica-net"
FORMAT_VERSION = 1
OBS_SIZE = 1205          # JM_OBS_SIZE, JM_OBS_VERSION
OBS_VERSION = 1
ACTION_IDS = 243         # JM_ACTION_IDS, JM_ACTION_IDS_VERSION
ACTION_IDS_VERSION = 1
VALUES = 7               # one per ship, the ghost's last
LANES = 16               # a hidden width is a multiple of this
MAX_WIDTH = 1024
MAX_LAYERS = 4
META_MAX = 511           # bytes of a metadata string the library reads (NN_META_MAX - 1)


def tensor_names(layers):
    """The tensors of an MLP of `layers` hidden layers, in file order."""
    names = []
    for k in range(layers):
        names += ["layer%d.weight" % k, "layer%d.bias" % k]
    return names + ["policy.weight", "policy.bias", "value.weight", "value.bias"]


def shapes(hidden):
    """Each tensor's shape for hidden widths `hidden` (PyTorch's Linear
    layout: weight [out, in])."""
    widths = [OBS_SIZE] + list(hidden)
    out = {}
    for k in range(len(hidden)):
        out["layer%d.weight" % k] = (widths[k + 1], widths[k])
        out["layer%d.bias" % k] = (widths[k + 1],)
    out["policy.weight"] = (ACTION_IDS, widths[-1])
    out["policy.bias"] = (ACTION_IDS,)
    out["value.weight"] = (VALUES, widths[-1])
    out["value.bias"] = (VALUES,)
    return out


def check_hidden(hidden):
    hidden = [int(h) for h in hidden]
    if not 1 <= len(hidden) <= MAX_LAYERS or any(h < LANES or h > MAX_WIDTH or h % LANES for h in hidden):
        raise ValueError("hidden widths %s: 1 to %d layers, each a multiple of %d up to %d"
                         % (hidden, MAX_LAYERS, LANES, MAX_WIDTH))
    return hidden


def random_mlp(hidden, seed=0, scale=1.0):
    """Arrays of an MLP with random weights (He-uniform times scale):
    for tests and a first generation."""
    hidden = check_hidden(hidden)
    rng = np.random.default_rng(seed)
    arrays = {}
    for name, shape in shapes(hidden).items():
        if name.endswith("weight"):
            bound = scale * np.sqrt(6.0 / shape[1])
            arrays[name] = rng.uniform(-bound, bound, size=shape).astype(np.float32)
        else:
            arrays[name] = np.zeros(shape, np.float32)
    return arrays


def write(path, arrays, command="", generation=None, notes=None, seats="absolute"):
    """Write the arrays (name -> float32 array, the names and shapes of
    shapes()) to path, whole or not at all (outfile.whole: a new file 0600).
    seats: "absolute" (the encoding as jm_encode gives it) or "relative"
    (the network sees the encoding rotated to the viewing seat: the
    metadata's "seats", written only then)."""
    if seats not in ("absolute", "relative"):
        raise ValueError("seats %r: 'absolute' or 'relative'" % seats)
    layers = sum(1 for n in arrays if n.startswith("layer") and n.endswith(".weight"))
    hidden = check_hidden([arrays["layer%d.weight" % k].shape[0] for k in range(layers)])
    want = shapes(hidden)
    if set(arrays) != set(want):
        raise ValueError("tensors %s; an MLP of %d layers has %s" % (sorted(arrays), layers, sorted(want)))
    meta = {"format": FORMAT, "format_version": str(FORMAT_VERSION), "arch": "mlp",
            "obs_version": str(OBS_VERSION), "obs_size": str(OBS_SIZE),
            "action_ids_version": str(ACTION_IDS_VERSION), "action_ids": str(ACTION_IDS),
            "values": str(VALUES), "hidden": ",".join(str(h) for h in hidden), "command": command}
    if generation is not None:
        meta["generation"] = str(generation)
    if seats == "relative":
        meta["seats"] = seats
    for k, v in (notes or {}).items():
        meta[k] = str(v)
    for k, v in meta.items():
        if len(json.dumps(v)[1:-1].encode()) > META_MAX:
            raise ValueError("metadata %r is longer than the %d bytes the library reads" % (k, META_MAX))
    header = {"__metadata__": meta}
    blobs, at = [], 0
    for name in tensor_names(layers):
        a = np.ascontiguousarray(arrays[name], dtype="<f4")
        if a.shape != want[name]:
            raise ValueError("tensor %s is %s, not %s" % (name, a.shape, want[name]))
        if not np.isfinite(a).all():
            raise ValueError("tensor %s holds a value that is not finite" % name)
        b = a.tobytes()
        header[name] = {"dtype": "F32", "shape": list(a.shape), "data_offsets": [at, at + len(b)]}
        blobs.append(b)
        at += len(b)
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)   # the data 8-byte aligned, as safetensors pads

    def put(tmp):
        with open(tmp, "wb") as f:
            f.write(struct.pack("<Q", len(text)))
            f.write(text)
            for b in blobs:
                f.write(b)
    outfile.whole(path, put)


def read(path):
    """(metadata dict, arrays dict) from a network file; ValueError naming
    the file and the fault for one that is not a network of this build's
    encoding."""
    with open(path, "rb") as f:
        data = f.read()
    if len(data) < 8:
        raise ValueError("%s: truncated (%d bytes)" % (path, len(data)))
    (n,) = struct.unpack("<Q", data[:8])
    if n > len(data) - 8:
        raise ValueError("%s: truncated: the header needs %d bytes" % (path, n))
    try:
        header = json.loads(data[8:8 + n])
    except ValueError:
        raise ValueError("%s: not a network file (its header is not JSON)" % path)
    meta = header.pop("__metadata__", {})
    if meta.get("format") != FORMAT:
        raise ValueError("%s: not a network file of this program" % path)
    if meta.get("obs_version") != str(OBS_VERSION) or meta.get("action_ids_version") != str(ACTION_IDS_VERSION):
        raise ValueError("%s: made for another encoding or other action ids" % path)
    body = data[8 + n:]
    arrays = {}
    for name, t in header.items():
        b, e = t["data_offsets"]
        if t["dtype"] != "F32" or e > len(body):
            raise ValueError("%s: tensor %s is not F32 or runs past the end" % (path, name))
        arrays[name] = np.frombuffer(body[b:e], dtype="<f4").reshape(t["shape"]).copy()
    return meta, arrays


def evaluate(arrays, x, ids=None, ships=None):
    """The network's outputs in numpy (float64), for checks: the logits of
    every action id (or of ids), and the value's softmax over the ships in
    play (a bool mask of VALUES; all if None)."""
    layers = sum(1 for n in arrays if n.startswith("layer") and n.endswith(".weight"))
    h = np.asarray(x, np.float64)
    for k in range(layers):
        h = np.maximum(h @ arrays["layer%d.weight" % k].T.astype(np.float64) + arrays["layer%d.bias" % k], 0.0)
    logits = h @ arrays["policy.weight"].T.astype(np.float64) + arrays["policy.bias"]
    if ids is not None:
        logits = logits[..., ids]
    v = h @ arrays["value.weight"].T.astype(np.float64) + arrays["value.bias"]
    mask = np.ones(VALUES, bool) if ships is None else np.asarray(ships, bool)
    v = np.where(mask, v, -np.inf)
    v = np.exp(v - v.max(axis=-1, keepdims=True))
    return logits, v / v.sum(axis=-1, keepdims=True)


VALUE_FORMAT = "jamaica-value"    # a luck value file (agents/vnet.h, docs/STATISTICS.md)
VALUE_FORMAT_VERSION = 1


def write_value(path, parts, hidden, meta):
    """Write a luck value file: parts maps a player count P to its arrays
    (layerK.weight [width, inputs], layerK.bias, out.weight [1, last],
    out.bias [1], float32), stored as pP.NAME; hidden the widths; meta the
    metadata strings (features_version, features, rules, agents, fit_seed,
    fit_games, command).  Whole or not at all, as write()."""
    hidden = [int(h) for h in hidden]
    if not 1 <= len(hidden) <= 2 or any(h % LANES or not LANES <= h <= 256 for h in hidden):
        raise ValueError("hidden %s: 1 or 2 widths, multiples of %d up to 256" % (hidden, LANES))
    m = {"format": VALUE_FORMAT, "format_version": str(VALUE_FORMAT_VERSION),
         "hidden": ",".join(str(h) for h in hidden), "players": ",".join(str(p) for p in sorted(parts))}
    m.update({k: str(v) for k, v in meta.items()})
    for k, v in m.items():
        if len(json.dumps(v)[1:-1].encode()) > META_MAX:
            raise ValueError("metadata %r is longer than the %d bytes the library reads" % (k, META_MAX))
    header = {"__metadata__": m}
    blobs, at = [], 0
    for p in sorted(parts):
        for name in sorted(parts[p]):
            a = np.ascontiguousarray(parts[p][name], dtype="<f4")
            if not np.isfinite(a).all():
                raise ValueError("tensor p%d.%s holds a value that is not finite" % (p, name))
            b = a.tobytes()
            header["p%d.%s" % (p, name)] = {"dtype": "F32", "shape": list(a.shape), "data_offsets": [at, at + len(b)]}
            blobs.append(b)
            at += len(b)
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)

    def put(tmp):
        with open(tmp, "wb") as f:
            f.write(struct.pack("<Q", len(text)))
            f.write(text)
            for b in blobs:
                f.write(b)
    outfile.whole(path, put)
