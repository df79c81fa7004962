# Word counting: reads text from standard input (bench/run.sh feeds it a file made by
# gen_words.py), counts every word case-insensitively with punctuation stripped, and prints
# the totals and the twenty most frequent words.
import sys


def main():
    counts: dict[str, int] = {}
    lines = 0
    words = 0
    chars = 0
    while True:
        try:
            line = input()
        except EOFError:
            break
        lines += 1
        chars += len(line) + 1
        for raw in line.split():
            word = raw.strip(".,;:!?\"'()").lower()
            if word:
                words += 1
                counts[word] = counts.get(word, 0) + 1
    print(f"{lines} lines, {words} words, {chars} characters, {len(counts)} distinct words")
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    for word, n in ranked[:20]:
        print(f"{n:8d} {word}")


main()
