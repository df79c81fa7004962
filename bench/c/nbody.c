/* n-body in C, the same algorithm and operation order as bench/nbody.py. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define PI 3.141592653589793
#define SOLAR_MASS (4.0 * PI * PI)
#define DAYS_PER_YEAR 365.24
#define N 5

typedef struct {
    double x, y, z, vx, vy, vz, mass;
} Body;

static Body body(double x, double y, double z, double vx, double vy, double vz, double mass) {
    Body b = {x, y, z, vx * DAYS_PER_YEAR, vy * DAYS_PER_YEAR, vz * DAYS_PER_YEAR,
              mass * SOLAR_MASS};
    return b;
}

static double energy(const Body *bodies) {
    double e = 0.0;
    for (int i = 0; i < N; i++) {
        const Body *a = &bodies[i];
        e += 0.5 * a->mass * (a->vx * a->vx + a->vy * a->vy + a->vz * a->vz);
        for (int j = i + 1; j < N; j++) {
            const Body *b = &bodies[j];
            double dx = a->x - b->x, dy = a->y - b->y, dz = a->z - b->z;
            e -= (a->mass * b->mass) / sqrt(dx * dx + dy * dy + dz * dz);
        }
    }
    return e;
}

static void advance(Body *bodies, double dt, long steps) {
    for (long s = 0; s < steps; s++) {
        for (int i = 0; i < N; i++) {
            Body *a = &bodies[i];
            for (int j = i + 1; j < N; j++) {
                Body *b = &bodies[j];
                double dx = a->x - b->x, dy = a->y - b->y, dz = a->z - b->z;
                double d2 = dx * dx + dy * dy + dz * dz;
                double mag = dt / (d2 * sqrt(d2));
                double bm = b->mass * mag, am = a->mass * mag;
                a->vx -= dx * bm;
                a->vy -= dy * bm;
                a->vz -= dz * bm;
                b->vx += dx * am;
                b->vy += dy * am;
                b->vz += dz * am;
            }
        }
        for (int i = 0; i < N; i++) {
            Body *b = &bodies[i];
            b->x += dt * b->vx;
            b->y += dt * b->vy;
            b->z += dt * b->vz;
        }
    }
}

int main(int argc, char **argv) {
    long steps = argc > 1 ? atol(argv[1]) : 1000;
    Body bodies[N] = {
        body(0, 0, 0, 0, 0, 0, 1),
        body(4.84143144246472090e00, -1.16032004402742839e00, -1.03622044471123109e-01,
             1.66007664274403694e-03, 7.69901118419740425e-03, -6.90460016972063023e-05,
             9.54791938424326609e-04),
        body(8.34336671824457987e00, 4.12479856412430479e00, -4.03523417114321381e-01,
             -2.76742510726862411e-03, 4.99852801234917238e-03, 2.30417297573763929e-05,
             2.85885980666130812e-04),
        body(1.28943695621391310e01, -1.51111514016986312e01, -2.23307578892655734e-01,
             2.96460137564761618e-03, 2.37847173959480950e-03, -2.96589568540237556e-05,
             4.36624404335156298e-05),
        body(1.53796971148509165e01, -2.59193146099879641e01, 1.79258772950371181e-01,
             2.68067772490389322e-03, 1.62824170038242295e-03, -9.51592254519715870e-05,
             5.15138902046611451e-05),
    };
    double px = 0, py = 0, pz = 0;
    for (int i = 0; i < N; i++) {
        px += bodies[i].vx * bodies[i].mass;
        py += bodies[i].vy * bodies[i].mass;
        pz += bodies[i].vz * bodies[i].mass;
    }
    bodies[0].vx = -px / SOLAR_MASS;
    bodies[0].vy = -py / SOLAR_MASS;
    bodies[0].vz = -pz / SOLAR_MASS;
    printf("%.9f\n", energy(bodies));
    advance(bodies, 0.01, steps);
    printf("%.9f\n", energy(bodies));
    return 0;
}
