# sys.stdout/sys.stderr writes and print(file=...) to streams and files.
import sys

n = sys.stdout.write("written " + str(3) + "\n")
print(n)
sys.stderr.write("to stderr\n")
print("also", "stderr", sep="-", file=sys.stderr)
with open("out.txt", "w") as f:
    print("line", 1, file=f)
    print("line", 2, file=f, end="!\n")
print(open("out.txt").read(), end="")
sys.stdout.flush()
