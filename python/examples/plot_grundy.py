"""Plots the Grundy sequence of a heap game and marks its proven period.

    python3 plot_grundy.py [GAME [N [OUT.png]]]

GAME defaults to dawson (Dawson's Kayles), N to 200 values.  With OUT.png
the plot is written there; else it is shown in a window.  The values come
from nimber.grundy, the period from nimber.period (proved by the library,
e.g. by Guy and Smith's theorem for octal games): the line marks where the
preperiod ends and the shading one period after another.  matplotlib is
imported only when it is needed; without it (Debian: python3-matplotlib)
the script prints the values and the period instead.
"""
import sys

import nimber


def main(argv):
    game = argv[1] if len(argv) > 1 else "dawson"
    n = int(argv[2]) if len(argv) > 2 else 200
    out = argv[3] if len(argv) > 3 else None
    values = nimber.grundy(game, n)
    try:
        per = nimber.period(game)
    except NotImplementedError:
        per = None
    if per is None:
        about = "no proven period"
    else:
        about = "preperiod %d, period %d (proven)" % per
    try:
        import matplotlib
        if out:
            matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("plot_grundy: matplotlib is not installed (Debian: apt-get "
              "install python3-matplotlib); the values instead:")
        print("%s: %s" % (game, " ".join(map(str, values))))
        print(about)
        return 0
    fig, ax = plt.subplots(figsize=(10, 4))
    ax.plot(range(n), values.tolist(), ".", markersize=4)
    if per is not None:
        pre, p = per
        if pre < n:
            ax.axvline(pre, color="red", linewidth=1,
                       label="end of the preperiod (n = %d)" % pre)
        for k, start in enumerate(range(pre, n, p)):
            if k % 2 == 0:
                ax.axvspan(start, min(start + p, n), color="orange",
                           alpha=0.15)
        ax.legend(loc="upper left")
    ax.set_xlabel("heap n")
    ax.set_ylabel("G(n)")
    ax.set_title("%s: %s" % (game, about))
    if out:
        fig.savefig(out, dpi=100)
        print("plot_grundy: wrote %s" % out)
    else:
        plt.show()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
