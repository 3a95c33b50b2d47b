"""Runs a plan of IamClient calls for the Python client tests (server/test/tracking-python).

Reads JSON from stdin:
  {"sdk": "<path to iam_sdk.py>", "client": {"application_id", "api_url", "options": {...}},
   "steps": [{"call": "track", "args": [...], "kwargs": {...}} | {"sleep": seconds}
             | {"python": "<code run with client and os in scope; its `result` is the step's result>"}],
   "close": true}   # false: leave the queue to the exit hook
Writes one JSON line to stdout: {"results": [...], "logs": [{"level", "message"}], "client": {...},
"seconds": [...]} (each step's duration). The string "$NaN" in arguments stands for float("nan").
Anything raised by the client fails the script (exit code 3), which the tests check.
"""

import importlib.util
import json
import logging
import os
import sys
import time

sys.dont_write_bytecode = True


class Collect(logging.Handler):
    def __init__(self):
        super().__init__(logging.DEBUG)
        self.records = []

    def emit(self, record):
        self.records.append({"level": record.levelname, "message": record.getMessage()})


def decode(value):
    if value == "$NaN":
        return float("nan")
    if isinstance(value, list):
        return [decode(item) for item in value]
    if isinstance(value, dict):
        return {key: decode(item) for key, item in value.items()}
    return value


def main():
    plan = json.load(sys.stdin)
    spec = importlib.util.spec_from_file_location("iam_sdk", plan["sdk"])
    module = importlib.util.module_from_spec(spec)
    sys.modules["iam_sdk"] = module
    spec.loader.exec_module(module)

    collect = Collect()
    log = logging.getLogger("iam_sdk")
    log.setLevel(logging.DEBUG)
    log.addHandler(collect)
    # Also to stderr, so the exit hook's messages (after stdout is written) are visible to the test.
    stderr = logging.StreamHandler(sys.stderr)
    stderr.setLevel(logging.WARNING)
    log.addHandler(stderr)

    config = plan["client"]
    client = module.IamClient(config["application_id"], config["api_url"], **config.get("options", {}))
    results, seconds = [], []
    try:
        for step in plan["steps"]:
            started = time.monotonic()
            if "sleep" in step:
                time.sleep(step["sleep"])
                results.append(None)
            elif "python" in step:
                scope = {"client": client, "os": os, "result": None}
                exec(step["python"], scope)
                results.append(scope["result"])
            else:
                method = getattr(client, step["call"])
                results.append(method(*decode(step.get("args", [])), **decode(step.get("kwargs", {}))))
            seconds.append(time.monotonic() - started)
        if plan.get("close", True):
            client.close()
    except BaseException as error:  # the client must never raise into its caller
        print(json.dumps({"raised": repr(error)}), flush=True)
        sys.exit(3)
    print(
        json.dumps(
            {
                "results": results,
                "seconds": seconds,
                "logs": list(collect.records),
                "client": {
                    "installation_id": client.installation_id,
                    "anonymous_id": client.anonymous_id,
                    "session_id": client.session_id,
                    "sdk_version": client.sdk_version,
                    "version": module.__version__,
                },
            }
        ),
        flush=True,
    )


main()
