/* Binary trees in C with malloc and free, the same trees and output as bench/binary_trees.py. */
#include <stdio.h>
#include <stdlib.h>

typedef struct Node {
    struct Node *left, *right;
} Node;

static Node *make(int depth) {
    Node *node = malloc(sizeof *node);
    if (!node) {
        perror("malloc");
        exit(1);
    }
    node->left = depth == 0 ? NULL : make(depth - 1);
    node->right = depth == 0 ? NULL : make(depth - 1);
    return node;
}

static long check(const Node *node) {
    return node ? 1 + check(node->left) + check(node->right) : 0;
}

static void release(Node *node) {
    if (node) {
        release(node->left);
        release(node->right);
        free(node);
    }
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 10;
    int min_depth = 4, max_depth = n > min_depth + 2 ? n : min_depth + 2, stretch = max_depth + 1;
    Node *tree = make(stretch);
    printf("stretch tree of depth %d\t check: %ld\n", stretch, check(tree));
    release(tree);
    Node *long_lived = make(max_depth);
    for (int depth = min_depth; depth <= max_depth; depth += 2) {
        long iterations = 1L << (max_depth - depth + min_depth), total = 0;
        for (long i = 0; i < iterations; i++) {
            tree = make(depth);
            total += check(tree);
            release(tree);
        }
        printf("%ld\t trees of depth %d\t check: %ld\n", iterations, depth, total);
    }
    printf("long lived tree of depth %d\t check: %ld\n", max_depth, check(long_lived));
    release(long_lived);
    return 0;
}
