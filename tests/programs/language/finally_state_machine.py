# try/except/else/finally: return, break and continue through finally, a return in finally
# overriding, nested handlers, re-raise after finally, exceptions in handlers.
def ret_through_finally(log: list[str]) -> int:
    try:
        log.append("try")
        return 1
    finally:
        log.append("finally")


def finally_overrides() -> int:
    try:
        return 1
    finally:
        return 2


def loop_control(log: list[str]) -> int:
    total = 0
    for i in range(6):
        try:
            if i == 1:
                continue
            if i == 4:
                break
            total += i
        finally:
            log.append("f" + str(i))
    return total


def nested(x: int) -> str:
    try:
        try:
            if x == 0:
                raise ValueError("inner")
            return "no error"
        except ValueError as e:
            raise KeyError(str(e))
        finally:
            print("  inner finally")
    except KeyError as e:
        return "outer caught " + str(e)
    else:
        return "unreachable"
    finally:
        print("  outer finally")


def else_runs() -> list[str]:
    out = []
    try:
        out.append("body")
    except ZeroDivisionError:
        out.append("handler")
    else:
        out.append("else")
    finally:
        out.append("finally")
    return out


log: list[str] = []
print(ret_through_finally(log), log)
print(finally_overrides())
log2: list[str] = []
print(loop_control(log2), log2)
print(nested(0))
print(nested(1))
print(else_runs())
try:
    try:
        1 // 0
    finally:
        print("cleanup before propagating")
except ZeroDivisionError as e:
    print("propagated:", e)
