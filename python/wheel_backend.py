"""A PEP 517 build backend for this one pure-Python package, with nothing
but the standard library: `pip install ./python` needs no download.

It builds the wheel (PEP 427) of the package `jamaica/`, with the name,
version, summary and requirements of pyproject.toml's [project] table, and
an sdist of this directory."""
import base64
import hashlib
import io
import os
import tarfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))


def _project():
    """name, version, description, requires-python and dependencies from
    pyproject.toml (tomllib where Python has it, else the few lines read)."""
    path = os.path.join(HERE, "pyproject.toml")
    try:
        import tomllib
        with open(path, "rb") as f:
            return tomllib.load(f)["project"]
    except ImportError:
        out, section = {}, None
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
        for line in lines:
            line = line.strip()
            if line.startswith("["):
                section = line.strip("[]")
            elif section == "project" and "=" in line:
                k, _, v = line.partition("=")
                v = v.strip()
                out[k.strip()] = [] if v == "[]" else v.strip('"')
        return out


def _metadata(p):
    lines = ["Metadata-Version: 2.1", "Name: " + p["name"], "Version: " + p["version"],
             "Summary: " + p.get("description", ""), "Requires-Python: " + p.get("requires-python", ">=3")]
    for extra, reqs in p.get("optional-dependencies", {}).items():
        lines.append("Provides-Extra: " + extra)
        lines += ["Requires-Dist: %s; extra == \"%s\"" % (r, extra) for r in reqs]
    readme = os.path.join(HERE, "README.md")
    if os.path.exists(readme):
        lines.append("Description-Content-Type: text/markdown")
        with open(readme, encoding="utf-8") as f:
            return "\n".join(lines) + "\n\n" + f.read()
    return "\n".join(lines) + "\n"


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (name, digest, len(data))


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    p = _project()
    dist = "%s-%s" % (p["name"], p["version"])
    files = []
    pkg = os.path.join(HERE, "jamaica")
    for name in sorted(os.listdir(pkg)):
        if name.endswith(".py") and name != "_where.py":
            with open(os.path.join(pkg, name), "rb") as f:
                files.append(("jamaica/" + name, f.read()))
    # Where the library of the tree the wheel was built from is (make lib
    # puts it there), for the installed module to find without JAMAICA_LIB.
    lib = os.path.normpath(os.path.join(HERE, "..", "lib", "libjamaica.so.1"))
    files.append(("jamaica/_where.py", ("# Written by wheel_backend.py when the wheel was built.\nLIB = %r\n" % lib).encode()))
    files.append((dist + ".dist-info/METADATA", _metadata(p).encode()))
    files.append((dist + ".dist-info/WHEEL", b"Wheel-Version: 1.0\nGenerator: wheel_backend\n"
                  b"Root-Is-Purelib: true\nTag: py3-none-any\n"))
    record = dist + ".dist-info/RECORD"
    lines = [_record_line(n, d) for n, d in files] + [record + ",,"]
    files.append((record, ("\n".join(lines) + "\n").encode()))
    wheel = dist + "-py3-none-any.whl"
    tmp = os.path.join(wheel_directory, wheel + ".tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files:
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            z.writestr(info, data, zipfile.ZIP_DEFLATED)
    os.replace(tmp, os.path.join(wheel_directory, wheel))
    return wheel


def build_sdist(sdist_directory, config_settings=None):
    p = _project()
    dist = "%s-%s" % (p["name"], p["version"])
    name = dist + ".tar.gz"
    tmp = os.path.join(sdist_directory, name + ".tmp")
    with tarfile.open(tmp, "w:gz") as t:
        pkg = sorted("jamaica/" + n for n in os.listdir(os.path.join(HERE, "jamaica")) if n.endswith(".py"))
        for rel in ["pyproject.toml", "wheel_backend.py", "README.md"] + pkg:
            t.add(os.path.join(HERE, rel), arcname=dist + "/" + rel)
        meta = _metadata(p).encode()
        info = tarfile.TarInfo(dist + "/PKG-INFO")
        info.size = len(meta)
        t.addfile(info, io.BytesIO(meta))
    os.replace(tmp, os.path.join(sdist_directory, name))
    return name
