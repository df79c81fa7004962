# an @llvm body must be valid LLVM IR
@llvm
def f(a: int) -> int:
    %0 = add i64 %a, 1
    %1 = frob i64 %0
    ret i64 %1

print(f(1))
