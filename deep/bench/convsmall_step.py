#!/usr/bin/env python3
"""PyTorch reference for msgd-lab's speed claim: one full-batch MSGD step of the paper's ConvSmall
on n Fashion-MNIST images (Algorithm 1 with W = 1/n: per-example cross-entropy, randomized loss L.W,
backward, plain SGD update), CPU, a fixed number of threads.

Usage: convsmall_step.py [--data DIR] [--n 1000] [--threads 2] [--steps 30] [--warmup 5]
Prints one JSON line: {"framework": "pytorch", "version", "threads", "n", "steps",
"seconds_per_step", "steps_per_second", "images_per_second", "onednn_max_cpu_isa" (the cap this process
saw: null when unset, PyTorch's default), "cpu_capability" (ATen's kernels' instruction set)}.
Run by `./msgd train --benchmark` when PyTorch is importable.
"""
import argparse
import gzip
import json
import os
import struct
import sys
import time

import torch
import torch.nn as nn
import torch.nn.functional as F


def read_idx(path):
    opener = gzip.open if open(path, "rb").read(2) == b"\x1f\x8b" else open
    with opener(path, "rb") as f:
        magic = f.read(4)
        if magic[0] != 0 or magic[1] != 0 or magic[2] != 8:
            raise SystemExit(f"{path}: not an unsigned-byte IDX file")
        dims = struct.unpack(">" + "I" * magic[3], f.read(4 * magic[3]))
        data = f.read()
    return dims, data


def find(d, base):
    for name in (base + ".gz", base):
        p = os.path.join(d, name)
        if os.path.isfile(p):
            return p
    raise SystemExit(f"{base}[.gz] not found in {d}")


class ConvSmall(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 10, 5)
        self.conv2 = nn.Conv2d(10, 10, 5)
        self.fc1 = nn.Linear(160, 50)
        self.fc2 = nn.Linear(50, 10)

    def forward(self, x):
        x = F.relu(F.max_pool2d(self.conv1(x), 2))
        x = F.relu(F.max_pool2d(self.conv2(x), 2))
        x = F.relu(self.fc1(x.flatten(1)))
        return self.fc2(x)


def cpu_capability():
    """ATen's vectorized kernels' instruction set (ATEN_CPU_CAPABILITY): torch >= 2.0 says it directly,
    1.13 in its build configuration ("CPU capability usage: AVX2")."""
    cpu = getattr(torch.backends, "cpu", None)
    if cpu is not None and hasattr(cpu, "get_cpu_capability"):
        return cpu.get_cpu_capability()
    for line in torch.__config__.show().splitlines():
        if "CPU capability usage:" in line:
            return line.split(":", 1)[1].strip()
    return "unknown"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default="/usr/share/datasets/fashion-mnist")
    ap.add_argument("--n", type=int, default=1000)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--steps", type=int, default=30)
    ap.add_argument("--warmup", type=int, default=5)
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    torch.manual_seed(0)
    dims, img = read_idx(find(a.data, "t10k-images-idx3-ubyte"))
    _, lab = read_idx(find(a.data, "t10k-labels-idx1-ubyte"))
    n = a.n
    x = torch.frombuffer(bytearray(img[: n * 784]), dtype=torch.uint8).reshape(n, 1, 28, 28).float() / 255.0
    y = torch.frombuffer(bytearray(lab[:n]), dtype=torch.uint8).long()
    model = ConvSmall()
    assert sum(p.numel() for p in model.parameters()) == 11330
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    w = torch.full((n,), 1.0 / n)

    def step():
        opt.zero_grad(set_to_none=True)
        loss = F.cross_entropy(model(x), y, reduction="none")
        (loss * w).sum().backward()
        opt.step()

    for _ in range(a.warmup):
        step()
    t0 = time.perf_counter()
    for _ in range(a.steps):
        step()
    dt = (time.perf_counter() - t0) / a.steps
    print(json.dumps({"framework": "pytorch", "version": torch.__version__, "threads": a.threads, "n": n,
                      "steps": a.steps, "seconds_per_step": dt, "steps_per_second": 1.0 / dt,
                      "images_per_second": n / dt,
                      "onednn_max_cpu_isa": os.environ.get("ONEDNN_MAX_CPU_ISA", os.environ.get("DNNL_MAX_CPU_ISA")),
                      "cpu_capability": cpu_capability()}))


if __name__ == "__main__":
    sys.exit(main())
