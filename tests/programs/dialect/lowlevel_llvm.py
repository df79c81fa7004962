# @llvm functions in user code: typed arguments, bool and fixed-width results, `declare`d
# intrinsics, multi-block bodies with phi nodes, and {=T} type substitution in generic ones.

@llvm
def mul_add(a: int, b: int, c: int) -> int:
    %0 = mul i64 %a, %b
    %1 = add i64 %0, %c
    ret i64 %1

@llvm
def is_neg(x: float) -> bool:
    %0 = fcmp olt double %x, 0.000000e+00
    %1 = zext i1 %0 to i8
    ret i8 %1

@llvm
def ctlz32(x: u32) -> u32:
    declare i32 @llvm.ctlz.i32(i32, i1)
    %0 = call i32 @llvm.ctlz.i32(i32 %x, i1 false)
    ret i32 %0

@llvm
def sat_add(a: u8, b: u8) -> u8:
    declare i8 @llvm.uadd.sat.i8(i8, i8)
    %0 = call i8 @llvm.uadd.sat.i8(i8 %a, i8 %b)
    ret i8 %0

@llvm
def fsqrt(x: float) -> float:
    declare double @llvm.sqrt.f64(double)
    %0 = call double @llvm.sqrt.f64(double %x)
    ret double %0

@llvm
def triangle(n: int) -> int:
    entry:
    br label %loop
    loop:
    %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
    %s = phi i64 [ 0, %entry ], [ %s1, %loop ]
    %i1 = add i64 %i, 1
    %s1 = add i64 %s, %i1
    %c = icmp slt i64 %i1, %n
    br i1 %c, label %loop, label %exit
    exit:
    ret i64 %s1

@llvm
def first[T](p: Ptr[T]) -> T:
    %0 = load {=T}, ptr %p
    ret {=T} %0

@llvm
def size_of[T](p: Ptr[T]) -> int:
    %0 = getelementptr {=T}, ptr null, i64 1
    %1 = ptrtoint ptr %0 to i64
    ret i64 %1

print(mul_add(6, 7, 0), mul_add(-3, 4, 12), is_neg(-0.5), is_neg(2.0))
print(ctlz32(u32(1)), ctlz32(u32(0x80000000)), sat_add(u8(200), u8(100)), sat_add(u8(2), u8(3)))
print(fsqrt(2.0), triangle(1), triangle(100))
pi = Ptr[int](1)
pi[0] = 42
pf = Ptr[float](1)
pf[0] = 2.5
print(first(pi), first(pf), size_of(pi), size_of(Ptr[u16](1)), size_of(Ptr[Int[128]](1)))
