def gen(n: int):
    for i in range(n):
        yield i
        if i == 1:
            raise ValueError('gen')


def u():
    try:
        for t in gen(6):
            print('got', t)
    except ValueError as e:
        print('caught from generator', str(e))


u()
