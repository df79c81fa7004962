# Go: plays random games on a 9x9 board, as the playouts of a Monte Carlo Go engine do: stones,
# groups found by flood fill, captures, no suicide, the simple ko rule, no filling of one's own
# eyes, and area scoring at the end. Uses its own linear congruential generator so every
# implementation plays the same games. Size: the number of games.
import sys

SIZE = 9
KOMI = 7
EMPTY = 0
BLACK = 1
WHITE = 2
EDGE = 3


class Rng:
    state: int

    def __init__(self, seed: int):
        self.state = seed

    def next(self, n: int) -> int:
        self.state = (self.state * 1103515245 + 12345) % 2147483648
        return (self.state >> 8) % n


class Board:
    width: int
    points: list[int]
    neighbours: list[int]
    mark: list[int]
    stamp: int
    ko: int
    stack: list[int]
    group: list[int]

    def __init__(self):
        self.width = SIZE + 2
        self.points = [EDGE] * (self.width * self.width)
        for row in range(1, SIZE + 1):
            for col in range(1, SIZE + 1):
                self.points[row * self.width + col] = EMPTY
        self.neighbours = [1, -1, self.width, -self.width]
        self.mark = [0] * (self.width * self.width)
        self.stamp = 0
        self.ko = -1
        self.stack = []
        self.group = []

    def collect_group(self, start: int) -> bool:
        """Fills self.group with the stones connected to start; True if it has a liberty."""
        color = self.points[start]
        self.stamp += 1
        self.group.clear()
        self.stack.clear()
        self.stack.append(start)
        self.mark[start] = self.stamp
        free = False
        while self.stack:
            p = self.stack.pop()
            self.group.append(p)
            for d in self.neighbours:
                q = p + d
                c = self.points[q]
                if c == EMPTY:
                    free = True
                elif c == color and self.mark[q] != self.stamp:
                    self.mark[q] = self.stamp
                    self.stack.append(q)
        return free

    def is_own_eye(self, p: int, color: int) -> bool:
        for d in self.neighbours:
            c = self.points[p + d]
            if c != color and c != EDGE:
                return False
        return True

    def play(self, p: int, color: int) -> bool:
        """Plays color at p if legal; returns whether it did."""
        if self.points[p] != EMPTY or p == self.ko:
            return False
        other = 3 - color
        self.points[p] = color
        captured = 0
        captured_at = -1
        for d in self.neighbours:
            q = p + d
            if self.points[q] == other and not self.collect_group(q):
                captured += len(self.group)
                captured_at = q
                for s in self.group:
                    self.points[s] = EMPTY
        if captured == 0 and not self.collect_group(p):
            self.points[p] = EMPTY
            return False
        self.ko = -1
        if captured == 1 and self.collect_group(p) and len(self.group) == 1:
            self.ko = captured_at
        return True

    def score(self) -> int:
        """Black's area minus White's area, minus komi."""
        total = -KOMI
        for p in range(len(self.points)):
            c = self.points[p]
            if c == BLACK:
                total += 1
            elif c == WHITE:
                total -= 1
            elif c == EMPTY:
                if self.is_own_eye(p, BLACK):
                    total += 1
                elif self.is_own_eye(p, WHITE):
                    total -= 1
        return total


def playout(rng: Rng) -> tuple[int, int]:
    """Plays one random game; returns its score and its number of moves."""
    board = Board()
    color = BLACK
    passes = 0
    moves = 0
    candidates: list[int] = []
    while passes < 2 and moves < 3 * SIZE * SIZE:
        candidates.clear()
        for p in range(len(board.points)):
            if board.points[p] == EMPTY and not board.is_own_eye(p, color):
                candidates.append(p)
        played = False
        while candidates:
            i = rng.next(len(candidates))
            p = candidates[i]
            candidates[i] = candidates[-1]
            candidates.pop()
            if board.play(p, color):
                played = True
                break
        if played:
            passes = 0
            moves += 1
        else:
            passes += 1
            board.ko = -1
        color = 3 - color
    return board.score(), moves


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    rng = Rng(7)
    black_wins = 0
    total_score = 0
    total_moves = 0
    for _ in range(games):
        score, moves = playout(rng)
        if score > 0:
            black_wins += 1
        total_score += score
        total_moves += moves
    print(f"{games} games, black won {black_wins}")
    print(f"total score {total_score}, total moves {total_moves}")


main()
