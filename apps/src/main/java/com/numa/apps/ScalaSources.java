package com.numa.apps;

import java.util.SplittableRandom;

/**
 * Generated Scala 3 compilation units for the Scala 3 compiler: each one a package with an enum, a sealed trait
 * hierarchy of case classes matched exhaustively, a type class with given instances and extension methods, an opaque
 * type, an inline method, for-comprehensions and collection pipelines, so the typer, the pattern matcher, inlining and
 * erasure all have work. Seeded, so every run compiles the same text; and valid, so the compiler reports no error.
 */
final class ScalaSources {
    private final SplittableRandom random;

    ScalaSources(long seed) {
        random = new SplittableRandom(seed);
    }

    String compilationUnit(int n) {
        String p = "gen" + n;
        StringBuilder b = new StringBuilder();
        b.append("package ").append(p).append("\n\n")
                .append("enum Colour(val rgb: Int):\n")
                .append("  case Red extends Colour(0xff0000)\n  case Green extends Colour(0x00ff00)\n")
                .append("  case Blue extends Colour(0x0000ff)\n\n")
                .append("sealed trait Shape:\n  def colour: Colour\n")
                .append("final case class Circle(r: Double, colour: Colour) extends Shape\n")
                .append("final case class Rect(w: Double, h: Double, colour: Colour) extends Shape\n")
                .append("final case class Poly(points: List[(Double, Double)], colour: Colour) extends Shape\n\n")
                .append("opaque type Meters = Double\nobject Meters:\n  def apply(d: Double): Meters = d\n")
                .append("  extension (m: Meters) def value: Double = m\n\n")
                .append("trait Measure[A]:\n  def area(a: A): Double\n  extension (a: A) def size: Double = area(a)\n\n")
                .append("given Measure[Shape] with\n  def area(s: Shape): Double = s match\n")
                .append("    case Circle(r, _) => math.Pi * r * r\n    case Rect(w, h, _) => w * h\n")
                .append("    case Poly(ps, _) =>\n")
                .append("      val closed = ps.zip(ps.drop(1) ++ ps.take(1))\n")
                .append("      math.abs(closed.map((a, b) => a._1 * b._2 - b._1 * a._2).sum) / 2\n\n")
                .append("inline def twice[A](inline a: A)(f: (A, A) => A): A = f(a, a)\n\n");
        int objects = 3 + random.nextInt(3);
        for (int o = 0; o < objects; o++) {
            object(b, p, o);
        }
        return b.toString();
    }

    private void object(StringBuilder b, String p, int o) {
        String name = "Model" + o;
        int k = 2 + random.nextInt(7);
        b.append("object ").append(name).append(":\n")
                .append("  def shapes(n: Int): List[Shape] =\n")
                .append("    (0 until n).toList.map { i =>\n")
                .append("      val c = Colour.fromOrdinal(i % 3)\n")
                .append("      (i % ").append(k).append(") match\n")
                .append("        case 0 => Circle(i * 0.5 + ").append(random.nextInt(10)).append(", c)\n")
                .append("        case 1 => Rect(i.toDouble, ").append(1 + random.nextInt(9)).append(" + i % 5, c)\n")
                .append("        case _ => Poly(List((0.0, 0.0), (i.toDouble, 0.0), (0.0, ").append(1 + random.nextInt(4))
                .append(".0)), c)\n    }\n\n")
                .append("  def summary(n: Int): Map[Colour, (Int, Double)] =\n")
                .append("    val byColour = shapes(n).groupBy(_.colour)\n")
                .append("    byColour.map((c, ss) => c -> (ss.size, ss.map(_.size).sum))\n\n")
                .append("  def pairs(n: Int): Seq[(Int, Int)] =\n")
                .append("    for\n      i <- 1 to n\n      j <- i to n if (i * j) % ").append(3 + random.nextInt(5))
                .append(" == 0\n    yield (i, j)\n\n")
                .append("  def describe(s: Shape): String = s match\n")
                .append("    case Circle(r, Colour.Red) if r > ").append(random.nextInt(20)).append(" => s\"big red circle $r\"\n")
                .append("    case Circle(r, c) => s\"circle $r in $c\"\n")
                .append("    case Rect(w, h, c) => s\"rect ${w}x$h in ${c.rgb.toHexString}\"\n")
                .append("    case Poly(ps, _) => ps.map(_._1).mkString(\"poly(\", \",\", \")\")\n\n")
                .append("  def total(n: Int): Meters = Meters(twice(n.toDouble)(_ + _) * ").append(1 + random.nextInt(9))
                .append(")\n\n")
                .append("  def run(): Int =\n")
                .append("    val s = summary(").append(10 + random.nextInt(40)).append(")\n")
                .append("    s.values.map(_._1).sum + pairs(").append(5 + random.nextInt(10))
                .append(").size + shapes(5).map(describe).map(_.length).sum + total(3).value.toInt\n\n");
    }
}
