# Writes the text that wordcount.py counts: N lines of pseudo-random words (a skewed choice
# from a fixed vocabulary, some capitalized, some followed by punctuation), the same every time.
# Usage: python3 gen_words.py N > words.txt
import sys

VOCABULARY = (
    "the of and to in is was that for it with as his on be at by had are but from or have an "
    "they which one you were all her she there would their we him been has when who will more "
    "no if out so said what up its about into than them can only other new some could time "
    "these two may then do first any my now such like our over man me even most made after "
    "also did many before must through back years where much your way well down should because "
    "each just those people how too little state good very make world still own see men work "
    "long get here between both life being under never day same another know while last might "
    "us great old year off come since against go came right used take three compiler python "
    "codon static type garbage collector benchmark llvm native speed memory"
).split()


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    state = 2024
    out = []
    for _ in range(n):
        words = []
        state = (state * 1103515245 + 12345) % 2147483648
        length = 4 + (state >> 16) % 12
        for _ in range(length):
            state = (state * 1103515245 + 12345) % 2147483648
            r = (state >> 8) % 10000
            # skewed: low indices much more often
            index = (r * r // 10000) * len(VOCABULARY) // 10000
            word = VOCABULARY[index]
            if r % 17 == 0:
                word = word.capitalize()
            if r % 23 == 0:
                word += ","
            elif r % 29 == 0:
                word += "."
            words.append(word)
        out.append(" ".join(words))
    sys.stdout.write("\n".join(out) + "\n")


main()
