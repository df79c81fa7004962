# sys.argv and the exit status reach the program through the emulator as they do natively.
import sys
print(len(sys.argv), sys.argv[1:])
sys.exit(int(sys.argv[1]))
